import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import type { Space } from '@/lib/types';
import { useDeleteSpaceVariable } from '../api/deleteSpaceVariable';
import { useSetSpaceVariable } from '../api/setSpaceVariable';

/** Space variables (name → value): add, edit in place, delete. */
export function VariablesTable({ space }: { space: Space }) {
  const { t } = useTranslation();
  const [variables, setVariables] = useState(space.variables);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [editValue, setEditValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setVariable = useSetSpaceVariable();
  const deleteVariable = useDeleteSpaceVariable();

  const onSaved = (updated: Space) => {
    setVariables(updated.variables);
    setError(null);
  };
  const onFailed = (e: Error) => setError(t(e.message, { defaultValue: t('error.somethingWrong') }));

  const handleAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('validation.required'));
      return;
    }
    setVariable.mutate(
      { space: space.id, name: name.trim(), value },
      {
        onSuccess: (s) => {
          onSaved(s);
          setName('');
          setValue('');
        },
        onError: onFailed,
      },
    );
  };

  const entries = Object.entries(variables).sort(([a], [b]) => a.localeCompare(b));

  return (
    <div className="variables">
      <h3 className="section-title">{t('admin.variables')}</h3>
      {entries.length === 0 ? (
        <p className="muted">{t('common.noItems')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('admin.variableName')}</th>
              <th scope="col">{t('admin.variableValue')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([key, val]) => (
              <tr key={key}>
                <td className="mono">{key}</td>
                <td>
                  {editing === key ? (
                    <input className="input input--small" aria-label={t('admin.variableValue')} value={editValue} onChange={(e) => setEditValue(e.target.value)} autoFocus />
                  ) : (
                    val
                  )}
                </td>
                <td className="table__actions">
                  {editing === key ? (
                    <>
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={t('common.save')}
                        onClick={() =>
                          setVariable.mutate(
                            { space: space.id, name: key, value: editValue },
                            {
                              onSuccess: (s) => {
                                onSaved(s);
                                setEditing(null);
                              },
                              onError: onFailed,
                            },
                          )
                        }
                      >
                        <Icon name="check" size={18} />
                      </button>
                      <button type="button" className="icon-btn" aria-label={t('common.cancel')} onClick={() => setEditing(null)}>
                        <Icon name="close" size={18} />
                      </button>
                    </>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={`${t('common.edit')} ${key}`}
                        onClick={() => {
                          setEditing(key);
                          setEditValue(val);
                        }}
                      >
                        <Icon name="edit" size={18} />
                      </button>
                      <button
                        type="button"
                        className="icon-btn icon-btn--danger"
                        aria-label={`${t('common.delete')} ${key}`}
                        onClick={() => deleteVariable.mutate({ space: space.id, name: key }, { onSuccess: onSaved, onError: onFailed })}
                      >
                        <Icon name="trash" size={18} />
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="variables__add" onSubmit={handleAdd}>
        <input className="input input--small" placeholder={t('admin.variableName')} aria-label={t('admin.variableName')} value={name} onChange={(e) => setName(e.target.value)} />
        <input className="input input--small" placeholder={t('admin.variableValue')} aria-label={t('admin.variableValue')} value={value} onChange={(e) => setValue(e.target.value)} />
        <button type="submit" className="btn btn--ghost btn--small" disabled={setVariable.isPending}>
          <Icon name="plus" size={16} />
          {t('admin.addVariable')}
        </button>
      </form>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
