import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { SwitchField } from '@/components/SwitchField';
import { UserPicker } from '@/components/UserPicker';
import { displayName } from '@/lib/types';

/** The collection roles acknowledgement may be required from as groups. */
export const GROUP_ROLES = ['member', 'validator', 'admin'] as const;

/** Whom a requirement names besides everyone: chosen members and the holders of collection roles. */
export interface Chosen {
  members: number[];
  roles: string[];
}

interface RequirementEditorProps {
  required: boolean;
  everyone: boolean;
  members: number[];
  roles: string[];
  /** names of the members known to the caller; others picked here are remembered */
  names: ReadonlyMap<number, string>;
  switchLabel: string;
  /** shown instead of the switch, e.g. when the requirement comes from elsewhere */
  note?: ReactNode;
  onSave: (required: boolean, chosen: Chosen) => void;
}

/** The body of requireAcknowledgement for a choice: members and roles only when there are any. */
export const chosenBody = (required: boolean, { members, roles }: Chosen) => ({
  required,
  ...(members.length > 0 ? { members } : {}),
  ...(roles.length > 0 ? { roles } : {}),
});

/** The switch "require acknowledgement" with the choice between everyone who may read and chosen groups (collection roles) and members. */
export function RequirementEditor({ required, everyone, members, roles, names, switchLabel, note, onSave }: RequirementEditorProps) {
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
            onSave(on, { members: [], roles: [] });
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
                onSave(true, { members: [], roles: [] });
              }}
            />
            {t('acknowledgements.everyone')}
          </label>
          <label className="ack-who__option">
            <input type="radio" name="ack-who" checked={chosen} onChange={() => setChosen(true)} />
            {t('acknowledgements.chosen')}
          </label>
          {chosen && (
            <fieldset className="ack-groups">
              <legend className="field__label">{t('acknowledgements.groups')}</legend>
              {GROUP_ROLES.map((role) => (
                <label key={role} className="ack-who__option">
                  <input
                    type="checkbox"
                    checked={roles.includes(role)}
                    onChange={(e) => {
                      const rest = e.target.checked ? [...roles, role] : roles.filter((r) => r !== role);
                      setChosen(rest.length + members.length > 0);
                      onSave(true, { members, roles: rest });
                    }}
                  />
                  {t(`acknowledgements.roles.${role}`)}
                </label>
              ))}
            </fieldset>
          )}
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
                      setChosen(rest.length + roles.length > 0);
                      onSave(true, { members: rest, roles });
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
                onSave(true, { members: [...members, m.id], roles });
              }}
            />
          )}
        </fieldset>
      )}
    </>
  );
}
