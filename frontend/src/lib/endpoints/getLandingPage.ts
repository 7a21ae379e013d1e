import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { LandingPage } from '../types';

export const getLandingPage = () => apiQuery<LandingPage>('common', 'landingPage');

export const landingPageQueryOptions = () => queryOptions({ queryKey: ['landingPage'], queryFn: getLandingPage });

export const useLandingPage = () => useQuery(landingPageQueryOptions());
