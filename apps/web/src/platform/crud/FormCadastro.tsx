import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type DefinicaoCadastro, esquemaCadastro } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Popconfirm, Space, Spin, Typography } from 'antd';
import { cloneElement, type ReactElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../api';
import { useAutorizacao } from '../autorizacao';
import { aplicarErrosServidor, mensagemDeErro, regrasZod, validarCaminho } from '../formulario';
import { useTitulo } from '../useTitulo';
import { controleCampo, propsItem } from './controles';
import {
  caminhoForm,
  definicaoDe,
  type Registro,
  rotaLista,
  rotuloCampo,
  valoresDoRegistro,
  valoresIniciais,
  valoresNovoRegistro,
} from './definicao';
import { FilhosCadastro } from './FilhosCadastro';
import { useSaidaProtegida } from './useSaidaProtegida';

type Valores = Record<string, unknown>;

/**
 * The form of a declared registry at `<rotaForm>/:id?/:visualizacao?` (spec §2): no id (or 0)
 * creates, an id edits, `visualizacao` (or a profile without update, or a row shared from an
 * organization above) shows it view-only. A declared fill-in segment between them (the city's
 * country) fills its field on create; anything else in that place reads as `visualizacao`.
 */
export default function FormCadastro({
  recurso,
  definicao,
  preenchidos,
  voltar,
  travados,
}: {
  recurso: string;
  /** A declaration outside CADASTROS (a record with its own API of the same shape). */
  definicao?: DefinicaoCadastro;
  /** Values a new record starts with (the person a record is about). */
  preenchidos?: Record<string, unknown>;
  /** Where saving or leaving goes, when not the registry's list. */
  voltar?: string;
  /** Fields shown but not changed once the record exists. */
  travados?: readonly string[];
}) {
  const def = definicao ?? definicaoDe(recurso);
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'erros', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const local = useLocation();
  const qc = useQueryClient();
  const params = useParams();
  const [form] = Form.useForm<Valores>();
  const [sujo, setSujo] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const liberar = useSaidaProtegida(sujo);

  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const idInvalido = params.id !== undefined && params.id !== '0' && id === undefined;
  const segmento = def.preenchimentoRota ? params[def.preenchimentoRota.parametro] : undefined;
  const preenchido = segmento && /^\d+$/.test(segmento) ? Number(segmento) : undefined;
  const visualizacao =
    params.visualizacao ?? (segmento !== undefined && preenchido === undefined ? segmento : undefined);
  const tela = t(`menu:acessos.${def.acesso}`);
  useTitulo(`menu:acessos.${def.acesso}`);

  const esquema = useMemo(() => esquemaCadastro(def), [def]);
  const regras = useMemo(() => regrasZod(esquema), [esquema]);
  const voltarPara = voltar ?? `${rotaLista(def)}${(local.state as { voltar?: string } | null)?.voltar ?? ''}`;

  const q = useQuery({
    queryKey: ['crud', recurso, 'item', id],
    queryFn: ({ signal }) => api.get<Registro>(`${recurso}/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  const herdado = q.data?.somenteLeitura === true;
  const somenteLeitura = visualizacao !== undefined || herdado || (id !== undefined && !pode(def.acesso, 'U'));
  const iniciais = useMemo(
    () => ({
      ...valoresNovoRegistro(def),
      ...(def.preenchimentoRota && preenchido !== undefined ? { [def.preenchimentoRota.campo]: preenchido } : {}),
      ...preenchidos,
    }),
    [def, preenchido, preenchidos],
  );

  useEffect(() => {
    if (q.data) {
      form.setFieldsValue(valoresDoRegistro(def, q.data));
      setSujo(false);
    }
  }, [q.data, def, form]);

  const sair = () => {
    liberar();
    navegar(voltarPara);
  };

  const salvar = async (valores: Valores) => {
    if (enviando) return;
    const r = esquema.safeParse(valores);
    const corpo = r.success ? r.data : valores;
    setEnviando(true);
    try {
      if (id === undefined) await api.post(recurso, corpo);
      else await api.putId(recurso, id, corpo);
      await qc.invalidateQueries({ queryKey: ['crud', recurso] });
      void message.success(t('comum:salvoComSucesso'));
      sair();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  const excluir = async () => {
    if (id === undefined) return;
    try {
      await api.delete(recurso, id);
      await qc.invalidateQueries({ queryKey: ['crud', recurso] });
      void message.success(t('comum:excluidoComSucesso'));
      sair();
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  // Creating needs C; the route guard only checked that the screen may be opened.
  if (id === undefined && !idInvalido && !pode(def.acesso, 'C'))
    return <Navigate to={rotaLista(def)} replace state={{ semPermissao: true }} />;

  const modo = id === undefined ? 'novo' : somenteLeitura ? 'visualizar' : 'editar';
  const carregando = id !== undefined && q.isPending;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`crud:titulo.${modo}`, { tela })}
      </Typography.Title>
      {idInvalido || q.isError ? (
        <Alert
          type="error"
          showIcon
          title={idInvalido ? t('erros:ITEM_NAO_EXISTE') : mensagemDeErro(q.error)}
          action={<Button onClick={sair}>{t('comum:voltar')}</Button>}
        />
      ) : (
        <Spin spinning={carregando}>
          <Card>
            {herdado && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('crud:herdado', { organizacao: q.data?.organizacaoNome ?? '' })}
              />
            )}
            <Form<Valores>
              form={form}
              name="cadastro"
              layout="vertical"
              disabled={somenteLeitura}
              initialValues={iniciais}
              onValuesChange={() => setSujo(true)}
              onFinish={salvar}
              data-testid="form-cadastro"
              scrollToFirstError
            >
              {def.campos.map((c) => (
                <Form.Item
                  key={c.nome}
                  name={c.nome}
                  label={t(rotuloCampo(c))}
                  required={!!c.obrigatorio}
                  rules={regras(c.nome)}
                  {...propsItem(c)}
                >
                  {id !== undefined && travados?.includes(c.nome)
                    ? cloneElement(controleCampo(c, i18n.language) as ReactElement<{ disabled?: boolean }>, {
                        disabled: true,
                      })
                    : controleCampo(c, i18n.language)}
                </Form.Item>
              ))}
              {def.filhos?.map((f) => (
                <FilhosCadastro
                  key={f.nome}
                  filho={f}
                  somenteLeitura={somenteLeitura}
                  regras={regras}
                  regraLista={{ validator: () => validarCaminho(esquema, form.getFieldsValue(true), f.nome) }}
                  novo={valoresIniciais(f.campos)}
                />
              ))}
            </Form>
            <Space wrap>
              {!somenteLeitura && (
                <Button type="primary" loading={enviando} onClick={() => form.submit()}>
                  {t('comum:salvar')}
                </Button>
              )}
              {modo === 'visualizar' && !herdado && pode(def.acesso, 'U') && (
                <Button
                  icon={<EditOutlined />}
                  onClick={() =>
                    id !== undefined && navegar(caminhoForm(def, id), { state: local.state, replace: true })
                  }
                >
                  {t('comum:editar')}
                </Button>
              )}
              {id !== undefined && !herdado && pode(def.acesso, 'D') && (
                <Popconfirm
                  title={t('comum:confirmarExclusao')}
                  okText={t('comum:excluir')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('comum:cancelar')}
                  onConfirm={excluir}
                >
                  <Button danger icon={<DeleteOutlined />}>
                    {t('comum:excluir')}
                  </Button>
                </Popconfirm>
              )}
              <Button onClick={() => navegar(voltarPara)}>{t('comum:voltar')}</Button>
            </Space>
          </Card>
        </Spin>
      )}
    </Space>
  );
}
