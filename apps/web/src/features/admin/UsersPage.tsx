import { LABELS, MESSAGES } from '@samaa/shared';
import { deleteUser, fetchUsers } from './api';
import { getStoredUser } from '../../session/session';
import { GENDER_LABELS } from '../auth';
import { AdminListPage } from './AdminListPage';
import { ConfirmDelete } from './ConfirmDelete';
import { readableDate } from './formatDate';
import { useDeletableList } from './useDeletableList';
import { ADMIN_KEYS } from './adminQueries';

/** `/usersdata`: the Users table with a confirmed Delete; the list reloads after a delete. */
export default function UsersPage() {
  const { state, remove, deleteError } = useDeletableList(
    ADMIN_KEYS.users,
    fetchUsers,
    deleteUser,
    MESSAGES.deleteUserFailed,
  );
  const me = getStoredUser()?._id;

  return (
    <AdminListPage
      titleId="users-title"
      title={LABELS.users}
      state={state}
      deleteError={deleteError}
      loadFailed={MESSAGES.usersLoadFailed}
      empty={MESSAGES.noUsers}
      table={(users) => (
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
            {users.map((user) => (
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
      )}
    />
  );
}
