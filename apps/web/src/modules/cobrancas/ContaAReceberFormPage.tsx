import {
  CAMPOS_CONTA_A_RECEBER,
  type Cobranca,
  type ContaAReceber,
  contaAReceberInput,
  type FORMAS_PAGAMENTO,
  type Pagamento,
  STATUS_EDITAVEIS,
} from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Row, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { dataParaTela, dinheiroParaTela, rotuloCampo } from '../../platform/crud/definicao';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { AcoesCobranca } from './AcoesCobranca';
import { ACESSO_COBRANCA, ACESSO_CONTA, ACESSO_PAGAMENTO, ROTA_FORM_PAGAMENTO, ROTA_LISTA_CONTA } from './comum';
import { StatusConta } from './StatusConta';

type Valores = Record<string, unknown>;

/** The charges of a receivable: the invoice link, and cancel while pending or overdue. */
function Cobrancas({ contaId }: { contaId: number }) {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'crud', 'menu']);
  const { pode } = useAutorizacao();
  const q = useQuery({
    queryKey: ['conta-a-receber', 'cobrancas', contaId],
    queryFn: ({ signal }) => api.get<Cobranca[]>('cobranca', { contaAReceberId: contaId }, { sinal: signal }),
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
    queryKey: ['pagamento', 'conta', contaId],
    queryFn: ({ signal }) => api.get<Pagamento[]>('pagamento', { contaAReceberId: contaId }, { sinal: signal }),
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
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const params = useParams();
  const [form] = Form.useForm<Valores>();
  const [sujo, setSujo] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const liberar = useSaidaProtegida(sujo);
  useTitulo(`menu:acessos.${ACESSO_CONTA}`);
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const regras = regrasZod(contaAReceberInput);

  const q = useQuery({
    queryKey: ['conta-a-receber', 'item', id],
    queryFn: ({ signal }) => api.get<ContaAReceber>(`conta-a-receber/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  const travada = !!q.data && (q.data.cobrancaGerada || !STATUS_EDITAVEIS.includes(q.data.status));
  const somenteLeitura =
    params.visualizacao !== undefined || (id !== undefined && (!pode(ACESSO_CONTA, 'U') || travada));
  useEffect(() => {
    if (!q.data) return;
    const c = q.data as Record<string, unknown>;
    form.setFieldsValue(Object.fromEntries(CAMPOS_CONTA_A_RECEBER.map((x) => [x.nome, c[x.nome] ?? null])));
    setSujo(false);
  }, [q.data, form]);

  const sair = () => {
    liberar();
    navegar(ROTA_LISTA_CONTA);
  };
  const salvar = async (v: Valores) => {
    if (enviando) return;
    setEnviando(true);
    try {
      if (id === undefined) await api.post('conta-a-receber', v);
      else await api.putId('conta-a-receber', id, v);
      await qc.invalidateQueries({ queryKey: ['conta-a-receber'] });
      void message.success(t('comum:salvoComSucesso'));
      sair();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  if (id === undefined && !pode(ACESSO_CONTA, 'C')) return <Navigate to={ROTA_LISTA_CONTA} replace />;
  const modo = id === undefined ? 'novo' : somenteLeitura ? 'visualizar' : 'editar';
  const hoje = new Date();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`crud:titulo.${modo}`, { tela: t(`menu:acessos.${ACESSO_CONTA}`) })}
      </Typography.Title>
      {q.isError ? (
        <Alert type="error" showIcon title={mensagemDeErro(q.error)} />
      ) : (
        <Spin spinning={id !== undefined && q.isPending}>
          <Card>
            {q.data && (
              <Space style={{ marginBottom: 16 }} wrap>
                <StatusConta status={q.data.status} />
                {q.data.valorPago && (
                  <Typography.Text>
                    {t('campos:valorPago')}: {dinheiroParaTela(q.data.valorPago, i18n.language)}
                    {q.data.dataPagamento && ` (${dataParaTela(q.data.dataPagamento, i18n.language)})`}
                  </Typography.Text>
                )}
              </Space>
            )}
            <Form<Valores>
              form={form}
              name="conta-a-receber"
              layout="vertical"
              disabled={somenteLeitura}
              initialValues={{
                tipo: 'CONTRIBUICAO',
                parcelas: 1,
                mesCompetencia: hoje.getMonth() + 1,
                anoCompetencia: hoje.getFullYear(),
              }}
              onValuesChange={() => setSujo(true)}
              onFinish={salvar}
              data-testid="form-conta-a-receber"
              scrollToFirstError
            >
              <Row gutter={16}>
                {CAMPOS_CONTA_A_RECEBER.map((c) => (
                  <Col key={c.nome} xs={24} md={c.tipo === 'textoLongo' ? 24 : 12}>
                    <Form.Item
                      name={c.nome}
                      label={t(rotuloCampo(c))}
                      required={!!c.obrigatorio}
                      rules={regras(c.nome)}
                      {...propsItem(c)}
                    >
                      {controleCampo(c, i18n.language)}
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Form>
            <Space wrap>
              {!somenteLeitura && (
                <Button type="primary" loading={enviando} onClick={() => form.submit()}>
                  {t('comum:salvar')}
                </Button>
              )}
              <Button onClick={() => navegar(ROTA_LISTA_CONTA)}>{t('comum:voltar')}</Button>
            </Space>
          </Card>
        </Spin>
      )}
      {id !== undefined && q.data && <Cobrancas contaId={id} />}
      {id !== undefined && q.data && <Pagamentos contaId={id} />}
    </Space>
  );
}
