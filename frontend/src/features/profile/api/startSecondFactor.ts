import { useMutation } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { SecondFactorEnrolment } from '@/lib/api-types.gen';

/** A new TOTP secret (with its QR code) for the authenticator app; it counts once a code of it is confirmed. */
export const startSecondFactor = () => apiMutation<SecondFactorEnrolment>('common', 'startSecondFactor');

export const useStartSecondFactor = () => useMutation({ mutationFn: startSecondFactor });
