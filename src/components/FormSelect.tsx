import { Select, type RefSelectProps, type SelectProps } from 'antd';
import type { BaseOptionType, DefaultOptionType } from 'antd/es/select';
import { useCallback, useLayoutEffect, useRef, type Ref } from 'react';

/**
 * antd's Select for a form field (issue 14). Inside a required Form.Item, antd 5 hands
 * `aria-required` to the Select, which writes it on its root <div> as well as on the combobox input
 * (ant-design#46030, fixed in antd 6). ARIA forbids it on a plain div (axe: aria-allowed-attr,
 * critical), and rc-select offers no prop to keep it off (its own Select fixes `omitDomProps`), so
 * it is taken off the div after each render; the input, where assistive technology reads it, keeps
 * it. React only rewrites an attribute whose prop changed, and this effect runs after every render.
 * The accessibility scan (tests/e2e/accessibility.test.ts) and tests/component/accessibility.test.tsx
 * fail if an upgrade changes the markup.
 */
export function FormSelect<V = unknown, O extends BaseOptionType | DefaultOptionType = DefaultOptionType>({
  ref: outer,
  ...props
}: SelectProps<V, O> & { ref?: Ref<RefSelectProps> }) {
  const own = useRef<RefSelectProps | null>(null);
  // Form.Item passes its own ref (to scroll to and focus the field): both get the select.
  const ref = useCallback(
    (select: RefSelectProps | null) => {
      own.current = select;
      if (typeof outer === 'function') outer(select);
      else if (outer) outer.current = select;
    },
    [outer],
  );
  useLayoutEffect(() => {
    own.current?.nativeElement?.removeAttribute('aria-required');
  });
  return <Select<V, O> {...props} ref={ref} />;
}
