import { Alert, Table, type TableProps } from 'antd';
import { mensagemDeErro } from '../formulario';

/**
 * A record's related rows read whole by one query: the query's failure above the table, the
 * rows (`linhas`) on one page unless `pagination` says otherwise, `vazio` when there are none.
 */
export function TabelaDaConsulta<T extends object>({
  consulta,
  linhas,
  vazio,
  pagination = false,
  ...props
}: Omit<TableProps<T>, 'dataSource' | 'loading' | 'locale' | 'size'> & {
  consulta: { isError: boolean; error: unknown; isFetching: boolean };
  linhas: readonly T[] | undefined;
  vazio: string;
}) {
  return (
    <>
      {consulta.isError && <Alert type="error" showIcon title={mensagemDeErro(consulta.error)} />}
      <Table<T>
        size="small"
        loading={consulta.isFetching}
        dataSource={linhas ?? []}
        pagination={pagination}
        locale={{ emptyText: vazio }}
        {...props}
      />
    </>
  );
}
