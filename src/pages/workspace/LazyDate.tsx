import { Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { Suspense, lazy } from 'react';

// The date picker is a quarter of antd's weight: it loads when a "paid" form first shows.
const PaidDatePicker = lazy(() => import('./PaidDatePicker'));

/** Form.Item hands value and onChange to its direct child, so the Suspense boundary sits inside. */
export const LazyDate = (props: { value?: Dayjs | null; onChange?: (d: Dayjs | null) => void; id?: string }) => (
  <Suspense fallback={<Skeleton.Input active block />}>
    <PaidDatePicker {...props} />
  </Suspense>
);
