import { CAMPOS_CULTO, type Culto, cultoInput, type PlanoDoCulto } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Row, Space, Spin, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { cloneElement, type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { rotuloCampo } from '../../platform/crud/definicao';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { regrasSeletorPessoas, SeletorPessoas, useMaximoSelecao } from '../../platform/SeletorPessoas';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_CULTO, ROTA_LISTA_CULTO } from './comum';

type Valores = Record<string, unknown>;
/** Filled from the offering plan of the date when there is one (the server does the same). */
const DO_PLANO = ['abrangencia', 'destino'] as const;

/**
 * `/culto/form/:id?/:visualizacao?` (spec §2): one worship service. The offering plan of the date
 * gives the scope and destination (shown, not typed); without one they are typed and the spec §8
 * notice says so. Saving posts the offering to the organization's worship cash account.
 */
export default function CultoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'cultos', 'menu']);
  const { message } = App.useApp();
  const { pode, autorizacao } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const params = useParams();
  const [form] = Form.useForm<Valores>();
  const [sujo, setSujo] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const liberar = useSaidaProtegida(sujo);
  const maximoSelecao = useMaximoSelecao();
  useTitulo(`menu:acessos.${ACESSO_CULTO}`);
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const somenteLeitura = params.visualizacao !== undefined || (id !== undefined && !pode(ACESSO_CULTO, 'U'));
  const regras = regrasZod(cultoInput);
  const organizacaoId = Form.useWatch('organizacaoId', form) as number | null | undefined;
  const data = Form.useWatch('data', form) as string | null | undefined;

  const q = useQuery({
    queryKey: ['culto', 'item', id],
    queryFn: ({ signal }) => api.get<Culto>(`culto/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  useEffect(() => {
    if (!q.data) return;
    form.setFieldsValue({ ...q.data });
    setSujo(false);
  }, [q.data, form]);

  const temData = typeof organizacaoId === 'number' && typeof data === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data);
  const plano = useQuery({
    queryKey: ['culto', 'plano-de-ofertas', organizacaoId, data],
    queryFn: ({ signal }) =>
      api.get<PlanoDoCulto>('culto/plano-de-ofertas', { organizacaoId, data }, { sinal: signal, semCarga: true }),
    enabled: temData,
  });
  const doPlano = temData ? plano.data?.plano : undefined;
  useEffect(() => {
    if (doPlano && !somenteLeitura) form.setFieldsValue({ abrangencia: doPlano.abrangencia, destino: doPlano.destino });
  }, [doPlano, form, somenteLeitura]);

  const sair = () => {
    liberar();
    navegar(ROTA_LISTA_CULTO);
  };
  const salvar = async (v: Valores) => {
    if (enviando) return;
    setEnviando(true);
    try {
      const salvo = id === undefined ? await api.post<Culto>('culto', v) : await api.putId<Culto>('culto', id, v);
      await qc.invalidateQueries({ queryKey: ['culto'] });
      await qc.invalidateQueries({ queryKey: ['lancamento-caixa'] });
      await qc.invalidateQueries({ queryKey: ['periodo-contabil'] });
      void message.success(t(salvo.lancamentoCaixaId ? 'cultos:lancado' : 'comum:salvoComSucesso'));
      sair();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  if (id === undefined && !pode(ACESSO_CULTO, 'C')) return <Navigate to={ROTA_LISTA_CULTO} replace />;
  const modo = id === undefined ? 'novo' : somenteLeitura ? 'visualizar' : 'editar';
  // The plan's ledger account stands; otherwise the service names one.
  const campos = CAMPOS_CULTO.filter((c) => c.nome !== 'planoContaId' || !doPlano?.planoContaId);
  const item = (nome: string, rotulo: string, filho: ReactNode, extra = {}) => (
    <Form.Item name={nome} label={rotulo} rules={regras(nome)} {...extra}>
      {filho}
    </Form.Item>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`crud:titulo.${modo}`, { tela: t(`menu:acessos.${ACESSO_CULTO}`) })}
      </Typography.Title>
      {q.isError ? (
        <Alert type="error" showIcon title={mensagemDeErro(q.error)} />
      ) : (
        <Spin spinning={id !== undefined && q.isPending}>
          <Card>
            {q.data?.lancamentoCaixaId && (
              <Alert
                type="success"
                showIcon
                style={{ marginBottom: 16 }}
                title={
                  <Link to={`/lancamento-caixa/form/${q.data.lancamentoCaixaId}/visualizacao`}>
                    {t('cultos:lancado')}
                  </Link>
                }
              />
            )}
            {temData && plano.isSuccess && (
              <Alert
                type={doPlano ? 'info' : 'warning'}
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="aviso-plano"
                title={doPlano ? t('cultos:comPlano', { nome: doPlano.nome }) : t('cultos:semPlano')}
              />
            )}
            <Form<Valores>
              form={form}
              name="culto"
              layout="vertical"
              disabled={somenteLeitura}
              initialValues={{
                organizacaoId: autorizacao?.organizacaoId,
                santaCeia: false,
                presentes: 0,
                ofertas: '0',
              }}
              onValuesChange={() => setSujo(true)}
              onFinish={salvar}
              data-testid="form-culto"
              scrollToFirstError
            >
              <Row gutter={16}>
                {campos.map((c) => (
                  <Col key={c.nome} xs={24} md={c.tipo === 'textoLongo' ? 24 : 12}>
                    <Form.Item
                      name={c.nome}
                      label={t(rotuloCampo(c))}
                      required={!!c.obrigatorio}
                      rules={regras(c.nome)}
                      {...propsItem(c)}
                    >
                      {(DO_PLANO as readonly string[]).includes(c.nome) && doPlano
                        ? cloneElement(controleCampo(c, i18n.language) as ReactElement<{ disabled?: boolean }>, {
                            disabled: true,
                          })
                        : controleCampo(c, i18n.language)}
                    </Form.Item>
                    {c.nome === 'data' &&
                      item('hora', t('campos:hora'), <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} />, {
                        required: true,
                        getValueProps: (v: unknown) => ({
                          value: typeof v === 'string' && v ? dayjs(`2000-01-01T${v}`) : null,
                        }),
                        normalize: (d: Dayjs | null) => (d ? d.format('HH:mm') : null),
                      })}
                  </Col>
                ))}
                <Col xs={24}>
                  {item('celebrantes', t('campos:celebrantes'), <SeletorPessoas />, {
                    rules: regrasSeletorPessoas(t('campos:celebrantes'), {}, maximoSelecao),
                  })}
                </Col>
              </Row>
            </Form>
            <Space wrap>
              {!somenteLeitura && (
                <Button type="primary" loading={enviando} onClick={() => form.submit()}>
                  {t('comum:salvar')}
                </Button>
              )}
              <Button onClick={() => navegar(ROTA_LISTA_CULTO)}>{t('comum:voltar')}</Button>
            </Space>
          </Card>
        </Spin>
      )}
    </Space>
  );
}
