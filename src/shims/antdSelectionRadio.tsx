/**
 * Stands in for the radio antd's table selection column renders for `rowSelection.type: 'radio'`
 * (some 3 KB gzip in the first list). The only selecting table (the lists' bulk bar) uses checkboxes;
 * were a table to ask for radios, the cell stays empty and the console says why. Swapped in by
 * scripts/build/standIns.ts in the build and the component tests.
 */
const SelectionRadio = () => {
  console.error('antd table radio selection is left out of the build (scripts/build/standIns.ts): use checkboxes');
  return null;
};

export default SelectionRadio;
