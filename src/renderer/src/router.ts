import { createRouter, createWebHashHistory } from 'vue-router';

/**
 * `#/` is the host's console on the laptop, `#/table` the TV, `#/history` the
 * past nights, `#/tab` the running tab (M3). Every screen is its own chunk, loaded when opened, so the
 * console does not load the TV's code nor the TV the console's, and History (Chart.js with it) loads only
 * when opened.
 */
export function createAppRouter() {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', name: 'host', component: () => import('./views/HostConsole.vue') },
      { path: '/table', name: 'table', component: () => import('./views/TableView.vue') },
      {
        path: '/history',
        component: () => import('./views/HistoryView.vue'),
        children: [
          { path: '', name: 'history', component: () => import('./components/history/NightsList.vue') },
          { path: 'night/:id', name: 'history-night', component: () => import('./components/history/NightDetail.vue') },
          { path: 'all', name: 'history-all', component: () => import('./components/history/AllTime.vue') },
          { path: 'backups', name: 'history-backups', component: () => import('./components/history/BackupsList.vue') },
          { path: 'group', name: 'history-group', component: () => import('./components/history/GroupScreen.vue') },
        ],
      },
      // M3: the running tab, its own screen (D from the lobby or the night).
      { path: '/tab', name: 'tab', component: () => import('./views/TabView.vue') },
      { path: '/:other(.*)*', redirect: '/' },
    ],
  });
}
