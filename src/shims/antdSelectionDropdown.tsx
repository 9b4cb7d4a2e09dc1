/**
 * Stands in for the dropdown antd's table selection column opens for `rowSelection.selections`
 * (dropdown, menu styles: some 6 KB gzip in the first list). The app never sets `selections`; were a
 * table to, the header checkbox shows without the menu and the console says why. Swapped in by
 * scripts/build/standIns.ts in the build and the component tests.
 */
import type { ReactNode } from 'react';

const SelectionDropdown = ({ children }: { children?: ReactNode }) => {
  console.error('antd table selection menus are left out of the build (scripts/build/standIns.ts)');
  return <>{children}</>;
};

export default SelectionDropdown;
