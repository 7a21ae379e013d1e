import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '@/components/TextField';
import { addTag, LIMITS, type EditorMeta } from '../sections';
import { TagInput } from './TagInput';

interface MetadataCardProps {
  meta: EditorMeta;
  readOnly: boolean;
  titleError: string | null;
  onChange: (meta: EditorMeta) => void;
}

/** Id of the title field, focused when saving without a title. */
export const TITLE_FIELD_ID = 'ed-version-title';

/** Title, description, tags and search tags of the version. */
export function MetadataCard({ meta, readOnly, titleError, onChange }: MetadataCardProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<EditorMeta>) => onChange({ ...meta, ...patch });
  return (
    <section className="card ed-meta" aria-labelledby="ed-meta-title">
      <h2 id="ed-meta-title" className="card__title">
        {t('editor.meta.heading')}
      </h2>
      <div className="form">
        <TextField
          id={TITLE_FIELD_ID}
          label={t('editor.meta.title')}
          name="title"
          value={meta.title}
          required
          aria-required="true"
          maxLength={LIMITS.title}
          readOnly={readOnly}
          error={titleError}
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextAreaField
          label={t('editor.meta.description')}
          name="description"
          value={meta.description}
          maxLength={LIMITS.description}
          readOnly={readOnly}
          hint={t('editor.meta.descriptionHint')}
          onChange={(e) => set({ description: e.target.value })}
        />
        <TagInput
          label={t('editor.meta.tags')}
          hint={t('editor.meta.tagsHint')}
          tags={meta.tags}
          disabled={readOnly}
          onAdd={(added) => set({ tags: added.reduce(addTag, meta.tags) })}
          onRemove={(i) => set({ tags: meta.tags.filter((_, j) => j !== i) })}
        />
        <TagInput
          label={t('editor.meta.searchTags')}
          hint={t('editor.meta.searchTagsHint')}
          tags={meta.searchTags.map((s) => s.tag)}
          disabled={readOnly}
          onAdd={(added) => {
            const tags = added.reduce(
              addTag,
              meta.searchTags.map((s) => s.tag),
            );
            set({ searchTags: [...meta.searchTags, ...tags.slice(meta.searchTags.length).map((tag) => ({ tag, boost: false }))] });
          }}
          onRemove={(i) => set({ searchTags: meta.searchTags.filter((_, j) => j !== i) })}
          renderExtra={(i) => {
            const s = meta.searchTags[i];
            return (
              <button
                type="button"
                className={`ed-tag__boost${s.boost ? ' is-on' : ''}`}
                aria-pressed={s.boost}
                aria-label={t('editor.meta.boost', { tag: s.tag })}
                title={t('editor.meta.boostHint')}
                disabled={readOnly}
                onClick={() => set({ searchTags: meta.searchTags.map((x, j) => (j === i ? { ...x, boost: !x.boost } : x)) })}
              >
                ★
              </button>
            );
          }}
        />
      </div>
    </section>
  );
}
