/** What a screen reader reads: Portuguese names, ARIA where ARIA allows it (issue 14). */
import { render, screen } from '@testing-library/react';
import { Form, Modal, Table } from 'antd';
import { FormSelect } from '../../src/components/FormSelect';
import { paginationItemRender, useInertMeasureRows } from '../../src/components/tableA11y';
import { useRef } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestWrapper } from './TestWrapper';

describe('accessibility', () => {
  it("names a dialog's close button in Portuguese, not rc-dialog's English", async () => {
    render(
      <Modal open title="Cancelar venda">
        conteúdo
      </Modal>,
      { wrapper: TestWrapper() },
    );
    expect(await screen.findByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('words the sort tooltip and the empty table as people say them', async () => {
    render(<Table rowKey="id" dataSource={[]} columns={[{ key: 'name', dataIndex: 'name', title: 'Nome', sorter: true }]} />, { wrapper: TestWrapper() });
    expect(screen.getAllByText('Nenhum registro').length).toBeGreaterThan(0);
    await userEvent.setup({ delay: null }).hover(screen.getByText('Nome'));
    expect(await screen.findByText('Ordenar em ordem crescente')).toBeInTheDocument();
  });

  it("keeps a required select's aria-required on its combobox, off antd's root div (aria-allowed-attr)", async () => {
    render(
      <Form>
        <Form.Item label="Motivo" name="reason" rules={[{ required: true }]}>
          <FormSelect options={[{ value: 'a', label: 'Desistência' }]} />
        </Form.Item>
      </Form>,
      { wrapper: TestWrapper() },
    );
    const combobox = await screen.findByRole('combobox', { name: 'Motivo' });
    expect(combobox).toHaveAttribute('aria-required', 'true');
    expect(combobox.closest('.ant-select')).not.toHaveAttribute('aria-required');
  });

  it("names the pager's arrows and jumps in Portuguese, and takes the hidden measure row out of the tab order", async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Cota ${i}` }));
    const Fixture = () => {
      const box = useRef<HTMLDivElement>(null);
      useInertMeasureRows(box);
      return (
        <div ref={box}>
          <Table
            rowKey="id"
            dataSource={rows}
            scroll={{ x: 900 }}
            rowSelection={{}}
            columns={[{ key: 'name', dataIndex: 'name', title: 'Nome' }]}
            pagination={{ itemRender: paginationItemRender, pageSize: 10, current: 10 }}
          />
        </div>
      );
    };
    const { container } = render(<Fixture />, { wrapper: TestWrapper() });
    expect(await screen.findByRole('button', { name: 'Página anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeInTheDocument();
    expect(screen.getByText('5 páginas anteriores').closest('a')).toHaveClass('ant-pagination-item-link');
    expect(screen.getByText('5 páginas seguintes').closest('a')).toHaveClass('ant-pagination-item-link');
    expect(screen.queryByRole('img', { name: /left|right/ })).toBeNull();
    const measureRows = container.querySelectorAll('.ant-table-measure-row');
    expect(measureRows.length).toBeGreaterThan(0);
    measureRows.forEach((row) => expect(row).toHaveAttribute('inert'));
  });
});
