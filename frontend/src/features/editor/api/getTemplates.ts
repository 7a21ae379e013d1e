import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The space's templates of one language ('' for all), sorted by title. */
export const getTemplates = (language: string) => apiQuery('author/query/templates', { language });

/** Prefix of every template list: saving or deleting one refreshes them all. */
export const templatesQueryKey = ['templates'] as const;

export const templatesQueryOptions = (language: string) => queryOptions({ queryKey: [...templatesQueryKey, language], queryFn: () => getTemplates(language) });

export const useTemplates = (language: string, enabled = true) => useQuery({ ...templatesQueryOptions(language), enabled });
