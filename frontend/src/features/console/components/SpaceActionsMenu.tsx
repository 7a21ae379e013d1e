import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/Icon';
import { isUnfinished, type ConsoleSpace } from '../types';

export type SpaceAction = 'edit' | 'suspend' | 'resume' | 'move' | 'migrate' | 'delete';

/** Id of a row's actions button, where focus returns after a dialog it opened. */
export const actionsButtonId = (spaceId: number) => `console-actions-${spaceId}`;

/** The actions the state of a space allows (the server refuses the others all the same). */
export function allowedActions(space: ConsoleSpace, latestSchemaVersion: number): SpaceAction[] {
  const busy = isUnfinished(space.operation) || space.status === 'moving' || space.status === 'deleting' || space.status === 'provisioning' || space.status === 'restoring';
  const actions: SpaceAction[] = [];
  if (space.status !== 'deleting' && space.status !== 'restoring') actions.push('edit');
  if (space.status === 'active' && !busy) actions.push('suspend');
  if (space.status === 'suspended') actions.push('resume');
  if (space.status === 'active' && !busy) actions.push('move');
  if (space.schemaVersion < latestSchemaVersion && !busy) actions.push('migrate');
  if (!busy) actions.push('delete');
  return actions;
}

const ICONS: Record<SpaceAction, IconName> = { edit: 'edit', suspend: 'clock', resume: 'refresh', move: 'send', migrate: 'zap', delete: 'trash' };

interface SpaceActionsMenuProps {
  space: ConsoleSpace;
  actions: SpaceAction[];
  onAction: (action: SpaceAction, space: ConsoleSpace) => void;
}

/** The menu of what can be done with one space. */
export function SpaceActionsMenu({ space, actions, onAction }: SpaceActionsMenuProps) {
  const { t } = useTranslation();
  return (
    // not modal, so that the dialog an item opens takes the focus at once
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger id={actionsButtonId(space.id)} className="btn btn--small console-actions" aria-label={t('console.actions.label', { title: space.title })}>
        {t('common.actions')}
        <Icon name="chevronDown" size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action}
              className={action === 'delete' ? 'menu__item menu__item--danger' : 'menu__item'}
              onSelect={() => onAction(action, space)}
            >
              <Icon name={ICONS[action]} size={18} className="menu__icon" />
              <span className="menu__text">{t(`console.actions.${action}`)}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
