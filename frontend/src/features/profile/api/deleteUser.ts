import { useMutation } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';

/** `userId: null` deletes the caller's own account. */
export const deleteUser = (userId: number | null) => apiMutation<boolean>('common', 'deleteUser', { userId });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
