/**
 * The component tests run antd as the browser build ships it (issue 16): its ES build with the
 * stand-ins of scripts/build/standIns.ts swapped in (vitest.config.ts), not antd's CommonJS original.
 * Each stand-in is recognised by what only it does; the UI built on them still works.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalScope } from '../../src/components/ModalScope';

afterEach(() => vi.restoreAllMocks());

const rows = [
  { id: 1, name: 'Cota 1' },
  { id: 2, name: 'Cota 2' },
];

/** What `App.useApp()` answers inside antd's <App>, with or without a ModalScope around the page. */
const appApi = (scoped: boolean) => {
  let api: ReturnType<typeof App.useApp> | undefined;
  const Probe = () => {
    api = App.useApp();
    return null;
  };
  render(<App>{scoped ? <ModalScope><Probe /></ModalScope> : <Probe />}</App>);
  return api!;
};

describe('antd stand-ins in the component tests', () => {
  it("swaps <App>'s modal and message hooks for the stand-ins, which refuse outside a ModalScope", () => {
    const api = appApi(false);
    // The originals would open a dialog and a toast; the stand-ins name the way out.
    expect(() => api.modal.confirm({ title: 'x' })).toThrow(/not part of <App> in this build: wrap the page in <ModalScope>/);
    expect(() => api.message.info('x')).toThrow(/antd's message\.info is not part of <App>/);
  });

  it("keeps <App>'s notification, and ModalScope's modal confirms as usual", async () => {
    const api = appApi(true);
    act(() => api.notification.success({ message: 'Salvo' }));
    expect(await screen.findByText('Salvo')).toBeInTheDocument();
    const onOk = vi.fn();
    act(() => void api.modal.confirm({ title: 'Confirmar?', onOk }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Confirmar?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });

  it("swaps the table's column filter dropdown: a column's `filters` show no dropdown and say why", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Table rowKey="id" dataSource={rows} pagination={false} columns={[{ key: 'name', dataIndex: 'name', title: 'Nome', filters: [{ text: 'Cota 1', value: 1 }] }]} />);
    expect(screen.getByText('Nome')).toBeInTheDocument();
    // antd's original renders a filter trigger (role button, class ant-table-filter-trigger).
    expect(document.querySelector('.ant-table-filter-trigger')).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/column filters are left out of the build/));
  });

  it('keeps the row selection checkboxes the lists bulk bar uses', () => {
    const onChange = vi.fn();
    render(
      <Table
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[{ key: 'name', dataIndex: 'name', title: 'Nome' }]}
        rowSelection={{ type: 'checkbox', onChange }}
      />,
    );
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3); // header + one per row
    fireEvent.click(boxes[2]);
    expect(onChange).toHaveBeenLastCalledWith([2], [rows[1]], expect.anything());
    fireEvent.click(boxes[0]);
    expect([...onChange.mock.lastCall![0]].sort()).toEqual([1, 2]);
  });
  it("swaps the table's virtual mode, selection menu and radio selection: each renders without and says why", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const columns = [{ key: 'name', dataIndex: 'name', title: 'Nome' }];
    const { unmount } = render(<Table rowKey="id" dataSource={rows} pagination={false} columns={columns} virtual scroll={{ x: 400, y: 200 }} />);
    // The rows still show, as a plain table (antd's original draws a virtual list holder).
    expect(screen.getByText('Cota 2')).toBeInTheDocument();
    expect(document.querySelector('.ant-table-tbody-virtual')).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/virtual tables are left out of the build/));
    unmount();

    render(<Table rowKey="id" dataSource={rows} pagination={false} columns={columns} rowSelection={{ type: 'checkbox', selections: [Table.SELECTION_ALL] }} />);
    // The header checkbox stays; the arrow beside it opens nothing (antd's original: the menu).
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.click(document.querySelector('.ant-table-selection-extra > *')!);
    fireEvent.mouseEnter(document.querySelector('.ant-table-selection-extra > *')!);
    expect(document.querySelector('.ant-dropdown')).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/selection menus are left out of the build/));
  });

  it('swaps the radio selection: the cells stay empty and the console says why', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Table rowKey="id" dataSource={rows} pagination={false} columns={[{ key: 'name', dataIndex: 'name', title: 'Nome' }]} rowSelection={{ type: 'radio' }} />);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/radio selection is left out of the build/));
  });
});
