/**
 * Stands in for antd's virtual table (rc-table's grid body and its scroll logic), which antd's
 * Table imports for `virtual` only. No list sets it; were one to, it renders as a plain table and
 * the console says why. Swapped in by scripts/build/standIns.ts in the build and the component tests.
 */
import RcTable from 'antd/es/table/RcTable';
import { createElement, type ComponentType } from 'react';

// React 19 hands `ref` to function components as a prop, so spreading the props forwards it.
const VirtualTable = (props: Record<string, unknown>) => {
  console.error('antd virtual tables are left out of the build (scripts/build/standIns.ts): the table renders every row');
  return createElement(RcTable as unknown as ComponentType<Record<string, unknown>>, props);
};

export default VirtualTable;
