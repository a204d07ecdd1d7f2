import {
  CAMPOS_CONTA_A_RECEBER,
  type Cobranca,
  type ContaAReceber,
  contaAReceberInput,
  type FORMAS_PAGAMENTO,
  type Pagamento,
  STATUS_EDITAVEIS,
} from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Form, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { dataParaTela, dinheiroParaTela } from '../../platform/crud/definicao';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { AcoesCobranca } from './AcoesCobranca';
import { ACESSO_COBRANCA, ACESSO_CONTA, ACESSO_PAGAMENTO, ROTA_FORM_PAGAMENTO, ROTA_LISTA_CONTA } from './comum';
import { StatusConta } from './StatusConta';

type Valores = Record<string, unknown>;

/** The form's fields of a loaded receivable (the answer carries more: status, holder's name, payments). */
const valoresDaConta = (c: ContaAReceber): Valores => {
  const r = c as Record<string, unknown>;
  return Object.fromEntries(CAMPOS_CONTA_A_RECEBER.map((x) => [x.nome, r[x.nome] ?? null]));
};

/** The charges of a receivable: the invoice link, and cancel while pending or overdue. */
function Cobrancas({ contaId }: { contaId: number }) {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'crud', 'menu']);
  const { pode } = useAutorizacao();
  const q = useQuery({
    queryKey: [...chaves('cobranca').listas(), { contaAReceberId: contaId }],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/cobranca/', { params: { query: { contaAReceberId: contaId } }, signal })) as Promise<
        Cobranca[]
      >,
  });

  if (!pode(ACESSO_COBRANCA, 'L')) return null;
  return (
    <Card size="small" title={t('cobrancas:receber.cobrancas')}>
      <Table<Cobranca>
        rowKey="id"
        size="small"
        pagination={false}
        loading={q.isFetching}
        dataSource={q.data ?? []}
        locale={{ emptyText: t('cobrancas:receber.nenhumaCobranca') }}
        columns={[
          { key: 'numeroParcela', dataIndex: 'numeroParcela', title: t('campos:parcelas') },
          {
            key: 'forma',
            dataIndex: 'forma',
            title: t('campos:formaPagamento'),
            render: (v: (typeof FORMAS_PAGAMENTO)[number]) => t(`campos:opcao.formaPagamento.${v}`),
          },
          {
            key: 'vencimento',
            dataIndex: 'vencimento',
            title: t('campos:vencimento'),
            render: (v: string) => dataParaTela(v, i18n.language),
          },
          {
            key: 'valor',
            dataIndex: 'valor',
            title: t('campos:valor'),
            align: 'right',
            render: (v: string) => dinheiroParaTela(v, i18n.language),
          },
          {
            key: 'status',
            title: t('campos:status'),
            render: (_: unknown, c: Cobranca) => <StatusConta status={c.status} />,
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, c: Cobranca) => (
              <Space size={4}>
                <AcoesCobranca cobranca={c} />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The receivable's payments recorded by hand, the reversed ones included (its history). */
function Pagamentos({ contaId }: { contaId: number }) {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'crud', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const q = useQuery({
    queryKey: [...chaves('pagamento').listas(), { contaAReceberId: contaId }],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/pagamento/', { params: { query: { contaAReceberId: contaId } }, signal })) as Promise<
        Pagamento[]
      >,
    enabled: pode(ACESSO_PAGAMENTO, 'L'),
  });
  if (!pode(ACESSO_PAGAMENTO, 'L') || !q.data?.length) return null;
  return (
    <Card size="small" title={t('cobrancas:pagamento.historico')}>
      <Table<Pagamento>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={q.data}
        onRow={(p) => ({
          onClick: () => navegar(`${ROTA_FORM_PAGAMENTO}/${p.id}/visualizacao`),
          style: { cursor: 'pointer' },
        })}
        columns={[
          {
            key: 'dataPagamento',
            dataIndex: 'dataPagamento',
            title: t('campos:dataPagamento'),
            render: (v: string) => dataParaTela(v, i18n.language),
          },
          {
            key: 'forma',
            dataIndex: 'forma',
            title: t('campos:forma'),
            render: (v: (typeof FORMAS_PAGAMENTO)[number]) => t(`campos:opcao.formaPagamento.${v}`),
          },
          {
            key: 'valor',
            dataIndex: 'valor',
            title: t('campos:valor'),
            align: 'right',
            render: (v: string) => dinheiroParaTela(v, i18n.language),
          },
          {
            key: 'estornadoEm',
            dataIndex: 'justificativaEstorno',
            title: t('campos:estornadoEm'),
            render: (v: string | null, p) =>
              p.estornadoEm ? `${dataParaTela(p.estornadoEm.slice(0, 10), i18n.language)}: ${v ?? ''}` : '',
          },
        ]}
      />
    </Card>
  );
}

/**
 * `/conta-a-receber/form/:id?/:visualizacao?` (spec §2): one receivable — a person or an
 * organization as holder. Once charged, or no longer open, it is shown read-only.
 */
export default function ContaAReceberFormPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'crud', 'menu']);
  const navegar = useNavigate();
  useTitulo(`menu:acessos.${ACESSO_CONTA}`);
  const f = useFormRecurso<ContaAReceber>({
    recurso: 'conta-a-receber',
    acesso: ACESSO_CONTA,
    voltar: ROTA_LISTA_CONTA,
    valores: valoresDaConta,
    // Once charged, or no longer open, a receivable is shown read-only.
    travado: (c) => c.cobrancaGerada || !STATUS_EDITAVEIS.includes(c.status),
  });
  const { formProps, id, semPermissao, registro } = f;

  if (semPermissao) return <Navigate to={ROTA_LISTA_CONTA} replace />;
  const hoje = new Date();
  return (
    <PaginaDeFormulario
      recurso={f}
      tela={t(`menu:acessos.${ACESSO_CONTA}`)}
      aoVoltar={() => navegar(ROTA_LISTA_CONTA)}
      depois={
        <>
          {id !== undefined && registro && <Cobrancas contaId={id} />}
          {id !== undefined && registro && <Pagamentos contaId={id} />}
        </>
      }
    >
      {registro && (
        <Space style={{ marginBottom: 16 }} wrap>
          <StatusConta status={registro.status} />
          {registro.valorPago && (
            <Typography.Text>
              {t('campos:valorPago')}: {dinheiroParaTela(registro.valorPago, i18n.language)}
              {registro.dataPagamento && ` (${dataParaTela(registro.dataPagamento, i18n.language)})`}
            </Typography.Text>
          )}
        </Space>
      )}
      <Form<Valores>
        {...formProps}
        name="conta-a-receber"
        initialValues={{
          tipo: 'CONTRIBUICAO',
          parcelas: 1,
          mesCompetencia: hoje.getMonth() + 1,
          anoCompetencia: hoje.getFullYear(),
        }}
        data-testid="form-conta-a-receber"
      >
        <CamposDeclarados campos={CAMPOS_CONTA_A_RECEBER} esquema={contaAReceberInput} />
      </Form>
    </PaginaDeFormulario>
  );
}
