import { useState } from 'react';
import { LABELS, MESSAGES } from '@samaa/shared';
import { deleteUser, fetchUsers } from '../../api/catalogue';
import { Loading } from '../../components/Loading';
import { getStoredUser } from '../../session/session';
import { GENDER_LABELS } from '../auth/registrationForm';
import { ConfirmDelete } from './ConfirmDelete';
import { readableDate } from './formatDate';
import { useRemoteData } from './useRemoteData';
import './admin.css';

/** `/usersdata` (SPEC §2): the Users table with a confirmed Delete; the list reloads after a delete. */
export default function UsersPage() {
  const { state, reload } = useRemoteData(fetchUsers);
  const [deleteError, setDeleteError] = useState('');
  const me = getStoredUser()?._id;

  async function remove(id: string) {
    setDeleteError('');
    try {
      await deleteUser(id);
    } catch {
      setDeleteError(MESSAGES.deleteUserFailed);
      return;
    }
    reload();
  }

  return (
    <section className="admin-page" aria-labelledby="users-title">
      <header className="admin-page__header">
        <h1 id="users-title">{LABELS.users}</h1>
        {state.status === 'ready' && <p className="admin-page__count">{state.data.length} total</p>}
      </header>
      {deleteError && (
        <p className="alert alert--error" role="alert">
          {deleteError}
        </p>
      )}
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <p className="alert alert--error" role="alert">
          {MESSAGES.usersLoadFailed}
        </p>
      )}
      {state.status === 'ready' && state.data.length === 0 && (
        <p className="empty-state">{MESSAGES.noUsers}</p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <div className="admin-table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Gender</th>
                <th scope="col">Verified</th>
                <th scope="col">Created At</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((user) => (
                <tr key={user._id}>
                  <td>
                    {user.name}
                    {user.isAdmin && <span className="badge badge--admin">Admin</span>}
                  </td>
                  <td>{user.email}</td>
                  <td>{GENDER_LABELS[user.gender] ?? user.gender}</td>
                  <td>
                    <span className={user.verified ? 'badge badge--yes' : 'badge badge--no'}>
                      {user.verified ? 'Yes' : 'No'}
                    </span>
                  </td>
                  <td>
                    <time dateTime={user.createdAt}>{readableDate(user.createdAt)}</time>
                  </td>
                  <td>
                    <ConfirmDelete
                      itemName={user.name}
                      disabled={user._id === me}
                      onConfirm={() => remove(user._id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
