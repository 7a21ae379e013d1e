import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { SwitchField } from '@/components/SwitchField';
import { UserPicker } from '@/components/UserPicker';
import { displayName } from '@/lib/types';

interface RequirementEditorProps {
  required: boolean;
  everyone: boolean;
  members: number[];
  /** names of the members known to the caller; others picked here are remembered */
  names: ReadonlyMap<number, string>;
  switchLabel: string;
  /** shown instead of the switch, e.g. when the requirement comes from elsewhere */
  note?: ReactNode;
  onSave: (required: boolean, members: number[]) => void;
}

/** The switch "require acknowledgement" with the choice between everyone who may read and chosen members. */
export function RequirementEditor({ required, everyone, members, names, switchLabel, note, onSave }: RequirementEditorProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState(new Map<number, string>());
  const [chosen, setChosen] = useState(required && !everyone);
  const label = (id: number) => names.get(id) ?? picked.get(id) ?? `#${id}`;

  return (
    <>
      {note ?? (
        <SwitchField
          label={switchLabel}
          description={t('acknowledgements.requireHint')}
          checked={required}
          onCheckedChange={(on) => {
            setChosen(false);
            onSave(on, []);
          }}
        />
      )}
      {required && (
        <fieldset className="ack-who">
          <legend className="field__label">{t('acknowledgements.from')}</legend>
          <label className="ack-who__option">
            <input
              type="radio"
              name="ack-who"
              checked={!chosen}
              onChange={() => {
                setChosen(false);
                onSave(true, []);
              }}
            />
            {t('acknowledgements.everyone')}
          </label>
          <label className="ack-who__option">
            <input type="radio" name="ack-who" checked={chosen} onChange={() => setChosen(true)} />
            {t('acknowledgements.chosen')}
          </label>
          {chosen && members.length > 0 && (
            <ul className="ack-members">
              {members.map((id) => (
                <li key={id} className="chip">
                  {label(id)}
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t('acknowledgements.removeMember', { name: label(id) })}
                    onClick={() => {
                      const rest = members.filter((m) => m !== id);
                      setChosen(rest.length > 0);
                      onSave(true, rest);
                    }}
                  >
                    <Icon name="close" size={14} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {chosen && (
            <UserPicker
              label={t('acknowledgements.addMember')}
              excludeIds={new Set(members)}
              onPick={(m) => {
                setPicked((p) => new Map(p).set(m.id, displayName(m)));
                onSave(true, [...members, m.id]);
              }}
            />
          )}
        </fieldset>
      )}
    </>
  );
}
