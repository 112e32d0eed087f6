import type { ActionDeclaration } from '@goc/contracts';
import type { ListResource, ResourceRow } from './resource-types';

/** Whose drafts a resource's workflow dialogs leave when the session ends; its context is the row and the action. */
export const transitionDraftOwner = (resource: Pick<ListResource, 'key'>) => `${resource.key}/transition`;
export interface TransitionDraftContext {
  row: ResourceRow;
  action: ActionDeclaration;
}
