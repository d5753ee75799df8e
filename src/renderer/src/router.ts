import { createRouter, createWebHashHistory } from 'vue-router';
import HostConsole from './views/HostConsole.vue';
import TableView from './views/TableView.vue';

/**
 * `#/` is the host's console on the laptop, `#/table` the TV, `#/history` the
 * past nights, `#/tab` the running tab (M3). History (and Chart.js with it) is loaded only when opened, so
 * the first load stays small.
 */
export function createAppRouter() {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', name: 'host', component: HostConsole },
      { path: '/table', name: 'table', component: TableView },
      {
        path: '/history',
        component: () => import('./views/HistoryView.vue'),
        children: [
          { path: '', name: 'history', component: () => import('./components/history/NightsList.vue') },
          { path: 'night/:id', name: 'history-night', component: () => import('./components/history/NightDetail.vue') },
          { path: 'all', name: 'history-all', component: () => import('./components/history/AllTime.vue') },
          { path: 'backups', name: 'history-backups', component: () => import('./components/history/BackupsList.vue') },
        ],
      },
      // M3: the running tab, its own screen (D from the lobby or the night).
      { path: '/tab', name: 'tab', component: () => import('./views/TabView.vue') },
      { path: '/:other(.*)*', redirect: '/' },
    ],
  });
}
