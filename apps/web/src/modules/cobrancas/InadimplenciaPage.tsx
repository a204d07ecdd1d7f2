import { FilePdfOutlined } from '@ant-design/icons';
import { FAIXAS_ATRASO, type InadimplenciaLinha } from '@sig/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { baixarArquivo } from '../../platform/api';
import { cliente } from '../../platform/cliente';
import { celulaData, celulaDinheiro } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { formatarMascara } from '../../platform/crud/mascaras';
import { CabecalhoDaLista, ErroDaLista, FiltrosDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'RelatorioInadimplencia';
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  { tipo: 'referencia', nome: 'pessoaId', referencia: 'pessoa' },
  { tipo: 'data', nome: 'dataBase' },
];
const documentoTela = (d: string | null) => (d ? formatarMascara(d.length === 14 ? 'cnpj' : 'cpf', d) : '');

/**
 * `/relatorio-inadimplencia`: open receivables past due per holder, in buckets of days overdue
 * (1–30, 31–60, 61–90, over 90) on a base date (today by default), with the set's totals; CSV and
 * XLSX through the list's export, PDF beside it.
 */
export default function InadimplenciaPage() {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaRecurso({
    recurso: 'relatorio-inadimplencia',
    acesso: ACESSO,
    filtros: FILTROS,
    ordenacao: { campo: 'total', ordem: 'desc' },
    chave: (l) => `${l.pessoaId ?? ''}-${l.organizacaoTitularId ?? ''}`,
    colunas: [
      { key: 'titular', dataIndex: 'titularNome', title: t('cobrancas:inadimplencia.titular'), sorter: true },
      {
        key: 'titularDocumento',
        dataIndex: 'titularDocumento',
        title: t('cobrancas:inadimplencia.documento'),
        render: documentoTela,
      },
      {
        key: 'quantidade',
        dataIndex: 'quantidade',
        title: t('cobrancas:inadimplencia.quantidade'),
        align: 'right',
        sorter: true,
        total: (v: number) => v,
      },
      {
        key: 'vencimentoMaisAntigo',
        dataIndex: 'vencimentoMaisAntigo',
        title: t('cobrancas:inadimplencia.vencimentoMaisAntigo'),
        sorter: true,
        render: celulaData,
      },
      ...FAIXAS_ATRASO.map((f) => ({
        key: f,
        dataIndex: f,
        title: t(`cobrancas:inadimplencia.faixas.${f}`),
        align: 'right' as const,
        render: celulaDinheiro,
        total: celulaDinheiro,
      })),
      {
        key: 'total',
        dataIndex: 'total',
        title: t('cobrancas:inadimplencia.total'),
        align: 'right',
        sorter: true,
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
    ],
  });
  const pdf = useMutation({
    mutationFn: async () => {
      const { data, response } = await cliente.GET('/api/relatorio-inadimplencia/exportar', {
        params: { query: { ...lista.atuais, formato: 'pdf' } as never },
        parseAs: 'blob',
      });
      baixarArquivo(data as Blob, response, 'inadimplencia.pdf');
    },
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista
        titulo={t(`menu:acessos.${ACESSO}`)}
        lista={lista}
        extra={
          <Button icon={<FilePdfOutlined />} loading={pdf.isPending} onClick={() => pdf.mutate()}>
            {t('cobrancas:inadimplencia.pdf')}
          </Button>
        }
      />
      <FiltrosDaLista lista={lista} />
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table<InadimplenciaLinha> {...(lista.tableProps as object)} size="small" />
    </Space>
  );
}
