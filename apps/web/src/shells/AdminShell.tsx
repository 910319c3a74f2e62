import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LABELS } from '@samaa/shared';
import { Sidebar } from './Sidebar';
import { Page } from './Page';
import { NotFound } from '../components/NotFound';
import { LogoutButton } from '../session/LogoutButton';
import { logoutAdmin } from '../session/session';

const AdminHomePage = lazy(() => import('../features/admin/AdminHomePage'));
const AnalyticsPage = lazy(() => import('../features/admin/AnalyticsPage'));
const UsersPage = lazy(() => import('../features/admin/UsersPage'));
const SongsPage = lazy(() => import('../features/admin/SongsPage'));
const LibrariesPage = lazy(() => import('../features/libraries/LibrariesPage'));

const LINKS = [
  { to: '/adminhome', label: 'Home' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/usersdata', label: 'Users' },
  { to: '/songsdata', label: 'Songs' },
  { to: '/libraries', label: 'Libraries' },
];

export function AdminShell() {
  return (
    <div className="shell shell--admin">
      <Sidebar
        title={LABELS.adminSpace}
        links={LINKS}
        header={<p className="sidebar__greeting">{LABELS.helloAdmin}</p>}
        footer={
          <LogoutButton leave={logoutAdmin} />
        }
      />
      <Page>
        <Routes>
          <Route path="/" element={<AdminHomePage />} />
          <Route path="/adminhome" element={<AdminHomePage />} />
          <Route path="/analytics" element={<AnalyticsPage />} />
          <Route path="/usersdata" element={<UsersPage />} />
          <Route path="/songsdata" element={<SongsPage />} />
          <Route path="/libraries" element={<LibrariesPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Page>
    </div>
  );
}
