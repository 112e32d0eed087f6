import { lazyComponent } from '../../components/lazy-component';
import type { TransitionInputs } from '../../components/list/transition-dialog';
import { ordersTexts } from './orders-texts';
import { filesOf } from './chosen-documents';

// The per-line inputs (supplier picker, prices, quantities) download when a workflow dialog first opens.
const OrderTransitionInputs = lazyComponent(async () => (await import('./order-transition-inputs')).OrderTransitionInputs);

/** What an order's workflow steps ask beyond the comment, and the documents uploaded once a step is done. */
export const orderTransitionInputs: TransitionInputs = {
  initial: {},
  render: (props) => <OrderTransitionInputs {...props} />,
  afterDone: async (saved, action, values, { uploadFiles }) => {
    const description = action.to === 'comprado' ? ordersTexts.quote : ordersTexts.deliveryNote;
    await uploadFiles({ resource: 'orders', recordId: saved.id }, filesOf(values), description);
  },
};
