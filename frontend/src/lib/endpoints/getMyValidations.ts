import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { Validation } from '../api-types.gen';

/** Open validation requests the caller is to answer, newest first, with the caller's read state. */
export const getMyValidations = () => apiQuery<Validation[]>('validator', 'myValidations');

export const myValidationsQueryOptions = () => queryOptions({ queryKey: ['validations', 'mine'], queryFn: getMyValidations });

export const useMyValidations = (enabled = true) => useQuery({ ...myValidationsQueryOptions(), enabled });
