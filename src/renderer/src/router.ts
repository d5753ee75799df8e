import { createRouter, createWebHashHistory } from 'vue-router';
import HostConsole from './views/HostConsole.vue';
import TableView from './views/TableView.vue';

/** `#/` is the host's console on the laptop, `#/table` the TV. */
export function createAppRouter() {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', name: 'host', component: HostConsole },
      { path: '/table', name: 'table', component: TableView },
      { path: '/:other(.*)*', redirect: '/' },
    ],
  });
}
