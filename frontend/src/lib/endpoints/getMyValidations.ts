import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

/** Open validation requests the caller is to answer, newest first, with the caller's read state. */
export const getMyValidations = () => apiQuery('validator/query/myValidations');

export const myValidationsQueryOptions = () => queryOptions({ queryKey: ['validations', 'mine'], queryFn: getMyValidations });

export const useMyValidations = (enabled = true) => useQuery({ ...myValidationsQueryOptions(), enabled });
