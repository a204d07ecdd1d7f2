import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type AcessoId,
  exportacaoContabilQuery,
  type RelatorioFinanceiro,
  type RelatorioGerencial,
  relatorioFinanceiroQuery,
} from '@sig/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Space, Table, type TableProps, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { baixarArquivo } from '../../platform/api';
import { chaves, cliente, dados } from '../../platform/cliente';
import { EntradaData, SelectReferencia } from '../../platform/crud/controles';
import { dinheiroParaTela } from '../../platform/crud/definicao';
import { type FiltroLista, periodoDoMes } from '../../platform/crud/filtros';
import { mensagemDeErro, validarCaminho } from '../../platform/formulario';
import { useLayoutDosFiltros } from '../../platform/layoutFiltros';
import { useConfirmarPeriodo } from '../../platform/useConfirmarPeriodo';
import { useTitulo } from '../../platform/useTitulo';
import { EstadoDocumento, useGerarDocumento } from '../pessoas/EstadoDocumento';

type Valores = {
  organizacaoId?: number | null;
  periodoDe?: string | null;
  periodoAte?: string | null;
  contaCaixaId?: number | null;
  controleGerencialId?: number | null;
  somenteOrganizacao?: boolean;
};

const PERIODO: readonly FiltroLista[] = [{ tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte' }];
/** Spec §3's period defaults: the first day of the current month to today. */
const iniciais = (): Valores => {
  const { de, ate } = periodoDoMes();
  return { periodoDe: de, periodoAte: ate, somenteOrganizacao: false };
};

/** The query the server takes, from the form's values. */
const consulta = (v: Valores) => ({
  organizacaoId: v.organizacaoId ?? undefined,
  periodoDe: v.periodoDe || undefined,
  periodoAte: v.periodoAte || undefined,
  contasCaixaIds: v.contaCaixaId ?? undefined,
  controlesGerenciaisIds: v.controleGerencialId ?? undefined,
  somenteOrganizacao: v.somenteOrganizacao ? 'true' : undefined,
});

/** The period fields, checked by the contracts' schema (end not before start). */
function CamposPeriodo({ esquema }: { esquema: z.ZodType }) {
  const { t } = useTranslation(['campos', 'comum', 'erros', 'financeiro', 'menu', 'relatorios']);
  const regra =
    (campo: string): Rule =>
    ({ getFieldsValue }) => ({
      validator: () => validarCaminho(esquema, consulta(getFieldsValue(true) as Valores), campo),
    });
  return (
    <>
      <Form.Item name="periodoDe" label={t('campos:periodoDe')} required rules={[regra('periodoDe')]}>
        <EntradaData />
      </Form.Item>
      <Form.Item
        name="periodoAte"
        label={t('campos:periodoAte')}
        required
        dependencies={['periodoDe']}
        rules={[regra('periodoAte')]}
      >
        <EntradaData />
      </Form.Item>
    </>
  );
}

/** The filters every books page opens with: the organization and the period, then its own. */
function FiltrosLivros({
  form,
  nome,
  esquema,
  aoEnviar,
  children,
}: {
  form: ReturnType<typeof Form.useForm<Valores>>[0];
  nome: string;
  esquema: z.ZodType;
  aoEnviar: (v: Valores) => void;
  children: ReactNode;
}) {
  const layoutFiltros = useLayoutDosFiltros();
  const { t } = useTranslation(['campos', 'financeiro']);
  return (
    <Form
      form={form}
      name={nome}
      layout={layoutFiltros}
      style={{ rowGap: 12 }}
      initialValues={iniciais()}
      onFinish={aoEnviar}
    >
      <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} style={{ minWidth: 320 }}>
        <SelectReferencia referencia="organizacao" allowClear placeholder={t('financeiro:livros.organizacaoAtual')} />
      </Form.Item>
      <CamposPeriodo esquema={esquema} />
      {children}
    </Form>
  );
}

/** A report's table: every row on screen (no paging), scrolling sideways inside its card. */
function TabelaRelatorio<T extends object>(props: TableProps<T>) {
  const { t } = useTranslation(['erros']);
  return (
    <Table<T>
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
      {...props}
    />
  );
}

/** A books page: the title, the filters card and what came back. */
function PaginaLivros({ acesso, filtros, children }: { acesso: AcessoId; filtros: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation(['campos', 'comum', 'erros', 'financeiro', 'menu', 'relatorios']);
  useTitulo(`menu:acessos.${acesso}`);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${acesso}`)}
      </Typography.Title>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        {filtros}
      </Card>
      {children}
    </Space>
  );
}

/**
 * A report shown on the page and downloaded as PDF or XLSX with the same filters: "Consultar"
 * fixes the filters the table and the files use.
 */
function useRelatorio<T>(
  recurso: 'relatorio-financeiro' | 'relatorio-gerencial',
  form: ReturnType<typeof Form.useForm<Valores>>[0],
) {
  // One typed path: both reports take the same query (the answer is typed by the page).
  const caminho = `/api/${recurso}/` as '/api/relatorio-financeiro/';
  const [filtros, setFiltros] = useState<ReturnType<typeof consulta> | null>(null);
  const q = useQuery({
    queryKey: [...chaves(recurso).todas, filtros],
    queryFn: ({ signal }) => dados(cliente.GET(caminho, { params: { query: filtros as never }, signal })) as Promise<T>,
    enabled: filtros !== null,
    retry: false,
  });
  // A refusal is told by the app's handler.
  const baixar = useMutation({
    mutationFn: async ({ v, formato }: { v: Valores; formato: 'pdf' | 'xlsx' }) => {
      const { data, response } = await cliente.GET(caminho, {
        params: { query: { ...consulta(v), formato } as never },
        parseAs: 'blob',
      });
      baixarArquivo(data as Blob, response, `${recurso}.${formato}`);
    },
  });
  const confirmar = useConfirmarPeriodo(PERIODO);
  return {
    q,
    consultar: (v: Valores) => confirmar(v, () => setFiltros(consulta(v))),
    baixar: async (formato: 'pdf' | 'xlsx') => {
      const v = await form.validateFields().catch(() => null);
      if (v) confirmar(v, () => baixar.mutate({ v, formato }));
    },
    baixando: baixar.isPending ? (baixar.variables?.formato ?? null) : null,
  };
}

function BotoesRelatorio({
  baixar,
  baixando,
  carregando,
}: {
  baixar: (f: 'pdf' | 'xlsx') => void;
  baixando: string | null;
  carregando: boolean;
}) {
  const { t } = useTranslation(['campos', 'comum', 'erros', 'financeiro', 'menu', 'relatorios']);
  return (
    <Space wrap>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={carregando}>
        {t('financeiro:livros.consultar')}
      </Button>
      <Button icon={<FilePdfOutlined />} loading={baixando === 'pdf'} onClick={() => baixar('pdf')}>
        {t('relatorios:formato.pdf')}
      </Button>
      <Button icon={<FileExcelOutlined />} loading={baixando === 'xlsx'} onClick={() => baixar('xlsx')}>
        {t('relatorios:formato.xlsx')}
      </Button>
    </Space>
  );
}

const coluna = (chave: string, titulo: string, render?: (v: string) => ReactNode) => ({
  key: chave,
  dataIndex: chave,
  title: titulo,
  ...(render ? { align: 'right' as const, render } : {}),
});

/**
 * `/relatorio-financeiro` (spec §2): for a period, each cash account's previous balance, money
 * in and out and final balance, and the movements by ledger account, over the organization and
 * its descendants; on screen, PDF or XLSX.
 */
export function RelatorioFinanceiroPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'erros', 'financeiro', 'menu', 'relatorios']);
  const [form] = Form.useForm<Valores>();
  const { q, consultar, baixar, baixando } = useRelatorio<RelatorioFinanceiro>('relatorio-financeiro', form);
  const dinheiro = (v: string) => dinheiroParaTela(v, i18n.language);
  const filtros = (
    <FiltrosLivros form={form} nome="relatorio-financeiro" esquema={relatorioFinanceiroQuery} aoEnviar={consultar}>
      <Form.Item name="contaCaixaId" label={t('campos:contaCaixaId')} style={{ minWidth: 260 }}>
        <SelectReferencia referencia="conta-caixa" allowClear />
      </Form.Item>
      <Form.Item name="controleGerencialId" label={t('campos:controleGerencialId')} style={{ minWidth: 260 }}>
        <SelectReferencia referencia="controle-gerencial" allowClear />
      </Form.Item>
      <Form.Item name="somenteOrganizacao" valuePropName="checked">
        <Checkbox>{t('financeiro:livros.somenteOrganizacao')}</Checkbox>
      </Form.Item>
      <BotoesRelatorio baixar={(f) => void baixar(f)} baixando={baixando} carregando={q.isFetching} />
    </FiltrosLivros>
  );
  const r = q.data;
  return (
    <PaginaLivros acesso="RelatorioFinanceiro" filtros={filtros}>
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {r && (
        <>
          <Card size="small" title={t('financeiro:livros.contasCaixa')} data-testid="relatorio-contas">
            <TabelaRelatorio
              rowKey="contaCaixaId"
              dataSource={r.contas}
              columns={[
                coluna('organizacaoNome', t('campos:organizacaoNome')),
                coluna('contaCaixaNome', t('campos:contaCaixaNome')),
                coluna('saldoAnterior', t('campos:saldoAnterior'), dinheiro),
                coluna('entradas', t('campos:entradas'), dinheiro),
                coluna('saidas', t('campos:saidas'), dinheiro),
                coluna('saldoFinal', t('campos:saldoFinal'), dinheiro),
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <strong>{t('campos:total')}</strong>
                  </Table.Summary.Cell>
                  {(['saldoAnterior', 'entradas', 'saidas', 'saldoFinal'] as const).map((c, i) => (
                    <Table.Summary.Cell key={c} index={i + 2} align="right">
                      <strong data-testid={`total-${c}`}>{dinheiro(r.totais[c])}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )}
            />
          </Card>
          <Card size="small" title={t('financeiro:livros.planoDeContas')} data-testid="relatorio-planos">
            <TabelaRelatorio
              rowKey="planoContaId"
              dataSource={r.planos}
              columns={[
                coluna('codigoInterno', t('campos:codigoInterno')),
                coluna('codigoContabil', t('campos:codigoContabil')),
                coluna('nome', t('campos:nome')),
                coluna('entradas', t('campos:entradas'), dinheiro),
                coluna('saidas', t('campos:saidas'), dinheiro),
                coluna('total', t('campos:total'), dinheiro),
              ]}
            />
          </Card>
        </>
      )}
    </PaginaLivros>
  );
}

/**
 * `/relatorio-gerencial` (spec §2): the cost-centre tree with each centre's subtree rolled up —
 * opening balance, money in and out in the period, balance.
 */
export function RelatorioGerencialPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'erros', 'financeiro', 'menu', 'relatorios']);
  const [form] = Form.useForm<Valores>();
  const { q, consultar, baixar, baixando } = useRelatorio<RelatorioGerencial>('relatorio-gerencial', form);
  const dinheiro = (v: string) => dinheiroParaTela(v, i18n.language);
  const filtros = (
    <FiltrosLivros form={form} nome="relatorio-gerencial" esquema={relatorioFinanceiroQuery} aoEnviar={consultar}>
      <BotoesRelatorio baixar={(f) => void baixar(f)} baixando={baixando} carregando={q.isFetching} />
    </FiltrosLivros>
  );
  return (
    <PaginaLivros acesso="RelatorioGerencial" filtros={filtros}>
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {q.data && (
        <TabelaRelatorio
          data-testid="relatorio-gerencial"
          rowKey="controleGerencialId"
          dataSource={q.data.linhas}
          columns={[
            {
              key: 'codigo',
              dataIndex: 'codigo',
              title: t('campos:codigo'),
              // The tree shows as indentation.
              render: (v: string, l) => <span style={{ paddingLeft: l.nivel * 20 }}>{v}</span>,
            },
            coluna('nome', t('campos:nome')),
            coluna('saldoInicial', t('campos:saldoInicial'), dinheiro),
            coluna('entradas', t('campos:entradas'), dinheiro),
            coluna('saidas', t('campos:saidas'), dinheiro),
            coluna('saldo', t('campos:saldo'), dinheiro),
          ]}
        />
      )}
    </PaginaLivros>
  );
}

/**
 * `/lancamento-caixa/formExportar` (spec §2): one organization's accounting file for a period,
 * in the layout of docs/exportacao-contabil.md.
 */
export function ExportacaoContabilPage() {
  const { t } = useTranslation(['campos', 'comum', 'erros', 'financeiro', 'menu', 'relatorios']);
  const [form] = Form.useForm<Valores>();
  const { estado, gerando, gerar } = useGerarDocumento(form, 'x-total-linhas');
  const exportar = (v: Valores) => {
    const { organizacaoId, periodoDe, periodoAte } = consulta(v);
    return gerar(
      'lancamento-caixa/exportar',
      { organizacaoId, periodoDe, periodoAte },
      `contabil-${periodoDe}-${periodoAte}.txt`,
    );
  };
  const filtros = (
    <FiltrosLivros
      form={form}
      nome="exportacao-contabil"
      esquema={exportacaoContabilQuery}
      aoEnviar={(v) => void exportar(v)}
    >
      <Button type="primary" htmlType="submit" icon={<DownloadOutlined />} loading={gerando}>
        {t('financeiro:livros.exportar')}
      </Button>
    </FiltrosLivros>
  );
  return (
    <PaginaLivros acesso="ExportacaoArquivoContabil" filtros={filtros}>
      <Typography.Paragraph type="secondary">{t('financeiro:livros.exportacaoDica')}</Typography.Paragraph>
      <EstadoDocumento
        estado={estado}
        textos={{
          gerando: t('financeiro:livros.exportando'),
          pronto: (count, n) => t('financeiro:livros.exportado', { count, n }),
          vazio: t('financeiro:livros.nadaAExportar'),
        }}
      />
    </PaginaLivros>
  );
}
