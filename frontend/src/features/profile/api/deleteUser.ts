import { useMutation } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';

/** `userId: null` deletes the caller's own account. */
export const deleteUser = (userId: number | null) => apiMutation('common/mutation/deleteUser', { userId });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
