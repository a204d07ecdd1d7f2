import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type Perfil, perfilInput } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ListaErrosMatriz, MatrizPermissoes } from './MatrizPermissoes';
import {
  caminhoFormPerfil,
  corpoDaMatriz,
  type ErrosMatriz,
  errosDaMatriz,
  type Matriz,
  matrizDoPerfil,
  ROTA_PERFIL,
} from './perfilModelo';

type Valores = { nome: string; descricao: string | null; ativo: boolean; exige2FA: boolean };

/**
 * `/perfil/form/:id?/:visualizacao?`: name, description, active and the permission matrix; a
 * save sends the whole profile (the server replaces every rule with what it receives).
 */
export default function PerfilFormPage() {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'erros', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const local = useLocation();
  const qc = useQueryClient();
  const params = useParams();
  const [form] = Form.useForm<Valores>();
  const [matriz, setMatriz] = useState<Matriz>(() => matrizDoPerfil());
  const [erros, setErros] = useState<ErrosMatriz | null>(null);
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [sujo, setSujo] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const liberar = useSaidaProtegida(sujo);
  useTitulo('menu:acessos.Perfil');

  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const idInvalido = params.id !== undefined && id === undefined;
  const q = useQuery({
    queryKey: ['perfil', 'item', id],
    queryFn: ({ signal }) => api.get<Perfil>(`perfil/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  const administrador = !!q.data?.administrador;
  const somenteLeitura =
    params.visualizacao !== undefined || administrador || (id !== undefined && !pode('Perfil', 'U'));
  const modo = id === undefined ? 'novo' : somenteLeitura ? 'visualizar' : 'editar';
  const regras = regrasZod(perfilInput);
  const voltarPara = `${ROTA_PERFIL}${(local.state as { voltar?: string } | null)?.voltar ?? ''}`;

  useEffect(() => {
    if (q.data) {
      form.setFieldsValue({
        nome: q.data.nome,
        descricao: q.data.descricao,
        ativo: q.data.ativo,
        exige2FA: q.data.exige2FA,
      });
      setMatriz(matrizDoPerfil(q.data));
      setSujo(false);
    }
  }, [q.data, form]);

  const sair = () => {
    liberar();
    navegar(voltarPara);
  };

  const salvar = async (valores: Valores) => {
    if (enviando) return;
    const regrasMatriz = corpoDaMatriz(matriz);
    const corpo = {
      nome: valores.nome,
      descricao: valores.descricao || null,
      ativo: valores.ativo,
      exige2FA: valores.exige2FA,
      ...regrasMatriz,
    };
    setEnviando(true);
    setErros(null);
    setErroGeral(null);
    try {
      if (id === undefined) await api.post('perfil', corpo);
      else await api.putId('perfil', id, corpo);
      await qc.invalidateQueries({ queryKey: ['perfil'] });
      void message.success(t('comum:salvoComSucesso'));
      sair();
    } catch (e) {
      const daMatriz = errosDaMatriz(e, regrasMatriz);
      if (daMatriz) {
        setErros(daMatriz);
        setErroGeral(mensagemDeErro(e));
      } else if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  const excluir = async () => {
    if (id === undefined) return;
    try {
      await api.delete('perfil', id);
      await qc.invalidateQueries({ queryKey: ['perfil'] });
      void message.success(t('comum:excluidoComSucesso'));
      sair();
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  if (id === undefined && !idInvalido && !pode('Perfil', 'C'))
    return <Navigate to={ROTA_PERFIL} replace state={{ semPermissao: true }} />;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`crud:titulo.${modo}`, { tela: t('menu:acessos.Perfil') })}
      </Typography.Title>
      {idInvalido || q.isError ? (
        <Alert
          type="error"
          showIcon
          title={idInvalido ? t('erros:ITEM_NAO_EXISTE') : mensagemDeErro(q.error)}
          action={<Button onClick={sair}>{t('comum:voltar')}</Button>}
        />
      ) : (
        <Spin spinning={id !== undefined && q.isPending}>
          <Card>
            {administrador && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('configuracoes:perfil.administradorAviso')}
              />
            )}
            <Form<Valores>
              form={form}
              name="perfil"
              layout="vertical"
              disabled={somenteLeitura}
              initialValues={{ nome: '', descricao: null, ativo: true, exige2FA: false }}
              onValuesChange={() => setSujo(true)}
              onFinish={salvar}
              data-testid="form-perfil"
              scrollToFirstError
              style={{ maxWidth: 640 }}
            >
              <Form.Item name="nome" label={t('campos:nome')} required rules={regras('nome')}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="descricao" label={t('campos:descricao')} rules={regras('descricao')}>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
              <Form.Item name="ativo" label={t('campos:ativo')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item
                name="exige2FA"
                label={t('campos:exige2FA')}
                tooltip={t('configuracoes:perfil.exige2FADica')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Form>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {t('configuracoes:perfil.permissoes')}
            </Typography.Title>
            {erros && erroGeral && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                title={erroGeral}
                description={erros.size > 0 ? <ListaErrosMatriz erros={erros} /> : undefined}
                data-testid="erro-permissoes"
              />
            )}
            <MatrizPermissoes
              valor={matriz}
              desabilitado={somenteLeitura}
              erros={erros}
              aoMudar={(m) => {
                setMatriz(m);
                setSujo(true);
              }}
            />
            <Space wrap style={{ marginTop: 16 }}>
              {!somenteLeitura && (
                <Button type="primary" loading={enviando} onClick={() => form.submit()}>
                  {t('comum:salvar')}
                </Button>
              )}
              {modo === 'visualizar' && !administrador && pode('Perfil', 'U') && id !== undefined && (
                <Button
                  icon={<EditOutlined />}
                  onClick={() => navegar(caminhoFormPerfil(id), { state: local.state, replace: true })}
                >
                  {t('comum:editar')}
                </Button>
              )}
              {id !== undefined && !administrador && pode('Perfil', 'D') && (
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
