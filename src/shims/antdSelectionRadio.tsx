/**
 * Stands in for the radio antd's table selection column renders for `rowSelection.type: 'radio'`
 * (some 3 KB gzip in the first list). The only selecting table (the lists' bulk bar) uses checkboxes;
 * were a table to ask for radios, the cell stays empty and the console says why. Swapped in by
 * vite.config.ts in the browser; the tests run the original.
 */
const SelectionRadio = () => {
  console.error('antd table radio selection is left out of the build (vite.config.ts): use checkboxes');
  return null;
};

export default SelectionRadio;
