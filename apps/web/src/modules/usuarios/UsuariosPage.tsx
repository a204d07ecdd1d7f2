import {
  CheckCircleOutlined,
  CloseOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  SafetyOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { type UsuarioLinha, type VinculoUsuarioInput, vinculoUsuarioInput } from '@sig/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { AcaoLinha, colunaDeAcoes } from '../../platform/crud/AcoesLinha';
import { SelectReferencia } from '../../platform/crud/controles';
import { formatoData } from '../../platform/crud/definicao';
import type { FiltroLista } from '../../platform/crud/filtros';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { type Linha, useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'Usuarios';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'busca', max: 200 },
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  { tipo: 'referencia', nome: 'perfilId', referencia: 'perfil' },
  { tipo: 'booleano', nome: 'ativo' },
];

type Vinculo = { usuarioId?: number | null } & Partial<VinculoUsuarioInput>;
const regras = regrasZod(vinculoUsuarioInput);

/**
 * `/usuarios` (spec: users as menu items): the users of the scope with their links (organization ×
 * profile, a lock where the profile requires a second factor), filtered, paged and exported as
 * every list; a link added by searching the user, a link removed, sign-in turned off and on, a
 * password reset e-mailed. The server holds every grant to the writer's own rights.
 */
export default function UsuariosPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'menu', 'usuarios']);
  useTitulo(`menu:acessos.${ACESSO}`);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { pode } = useAutorizacao();
  const podeAlterar = pode(ACESSO, 'U');
  const [form] = Form.useForm<Vinculo>();
  /** The user the link dialog is open for (null: the user is chosen in it); undefined: closed. */
  const [vinculando, setVinculando] = useState<UsuarioLinha | null | undefined>(undefined);

  const atualizarLista = () => qc.invalidateQueries({ queryKey: chaves('usuarios').todas });
  const feito = (texto: string) => {
    void message.success(texto);
    void atualizarLista();
  };

  const vincular = useMutation({
    mutationFn: ({ usuarioId, organizacaoId, perfilId }: Vinculo) =>
      dados(
        cliente.POST('/api/usuarios/{id}/vinculos', {
          params: { path: { id: usuarioId as number } },
          body: { organizacaoId: organizacaoId as number, perfilId: perfilId as number },
        }),
      ),
    onSuccess: () => {
      setVinculando(undefined);
      form.resetFields();
      feito(t('usuarios:vinculado'));
    },
    onError: (e) => {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    },
  });
  const desvincular = useMutation({
    mutationFn: (v: { usuarioId: number; organizacaoId: number }) =>
      dados(
        cliente.DELETE('/api/usuarios/{id}/vinculos/{organizacaoId}', {
          params: { path: { id: v.usuarioId, organizacaoId: v.organizacaoId } },
        }),
      ),
    onSuccess: () => feito(t('usuarios:desvinculado')),
  });
  const situacao = useMutation({
    mutationFn: (v: { id: number; ativo: boolean }) =>
      dados(cliente.PUT('/api/usuarios/{id}/situacao', { params: { path: { id: v.id } }, body: { ativo: v.ativo } })),
    onSuccess: (u) => feito(t(u.ativo ? 'usuarios:reativado' : 'usuarios:desativado')),
  });
  const redefinir = useMutation({
    mutationFn: (id: number) =>
      dados(cliente.POST('/api/usuarios/{id}/redefinicao-senha', { params: { path: { id } } })),
    onSuccess: () => void message.success(t('usuarios:redefinicaoEnviada')),
  });

  const lista = useListaRecurso({
    recurso: 'usuarios',
    acesso: ACESSO,
    filtros: FILTROS,
    ordenacao: { campo: 'nome' },
    colunas: [
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome'), sorter: true },
      { key: 'email', dataIndex: 'email', title: t('campos:email'), sorter: true },
      {
        key: 'vinculos',
        dataIndex: 'vinculos',
        title: t('usuarios:vinculos'),
        render: (_, u) => (
          <Space size={[0, 4]} wrap data-testid={`vinculos-${u.id}`}>
            {u.vinculos.map((v) => (
              <Tag
                key={v.organizacaoId}
                icon={v.exige2FA ? <SafetyOutlined aria-label={t('usuarios:exige2FA')} /> : undefined}
              >
                {`${v.organizacaoNome} · ${v.perfilNome}`}
                {podeAlterar && (
                  <AcaoLinha
                    pequeno
                    icone={<CloseOutlined />}
                    rotulo={t('usuarios:desvincular')}
                    confirmacao={t('usuarios:confirmarDesvinculo', { organizacao: v.organizacaoNome })}
                    textoOk={t('usuarios:desvincular')}
                    perigoNaConfirmacao
                    aoClicar={() => desvincular.mutate({ usuarioId: u.id, organizacaoId: v.organizacaoId })}
                  />
                )}
              </Tag>
            ))}
          </Space>
        ),
      },
      {
        key: 'ativo',
        dataIndex: 'ativo',
        title: t('campos:ativo'),
        render: (_, u) =>
          u.ativo ? (
            <Tag icon={<CheckCircleOutlined />}>{t('usuarios:ativo')}</Tag>
          ) : (
            <Tag icon={<StopOutlined />}>{t('usuarios:inativo')}</Tag>
          ),
      },
      {
        key: 'totpAtivo',
        dataIndex: 'totpAtivo',
        title: t('usuarios:segundoFator'),
        render: (_, u) => (u.totpAtivo ? <LockOutlined aria-label={t('usuarios:segundoFatorAtivo')} /> : null),
      },
      {
        key: 'ultimoAcessoEm',
        dataIndex: 'ultimoAcessoEm',
        title: t('campos:ultimoAcessoEm'),
        sorter: true,
        render: (_, u) =>
          u.ultimoAcessoEm ? dayjs(u.ultimoAcessoEm).format(`${formatoData(i18n.language)} HH:mm`) : '',
      },
      colunaDeAcoes<Linha<'usuarios'>>(t('comum:acoes'), (u) =>
        podeAlterar
          ? [
              {
                icone: <LinkOutlined />,
                rotulo: t('usuarios:vincular'),
                aoClicar: () => {
                  form.resetFields();
                  form.setFieldsValue({ usuarioId: u.id });
                  setVinculando(u);
                },
              },
              {
                icone: <MailOutlined />,
                rotulo: t('usuarios:redefinirSenha'),
                confirmacao: t('usuarios:confirmarRedefinicao', { email: u.email }),
                textoOk: t('usuarios:enviar'),
                desabilitado: !u.ativo,
                aoClicar: () => redefinir.mutate(u.id),
              },
              {
                perigo: u.ativo,
                icone: u.ativo ? <StopOutlined /> : <UndoOutlined />,
                rotulo: t(u.ativo ? 'usuarios:desativar' : 'usuarios:reativar'),
                confirmacao: t(u.ativo ? 'usuarios:confirmarDesativacao' : 'usuarios:confirmarReativacao', {
                  nome: u.nome,
                }),
                textoOk: t(u.ativo ? 'usuarios:desativar' : 'usuarios:reativar'),
                aoClicar: () => situacao.mutate({ id: u.id, ativo: !u.ativo }),
              },
            ]
          : [],
      ),
    ],
  });

  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO}`)}
      lista={lista}
      extra={
        podeAlterar && (
          <Button
            type="primary"
            icon={<LinkOutlined />}
            data-testid="vincular-usuario"
            onClick={() => {
              form.resetFields();
              setVinculando(null);
            }}
          >
            {t('usuarios:vincularUsuario')}
          </Button>
        )
      }
    >
      <ModalDeFormulario
        aberto={vinculando !== undefined}
        titulo={vinculando ? t('usuarios:vincularNome', { nome: vinculando.nome }) : t('usuarios:vincularUsuario')}
        textoOk={t('usuarios:vincular')}
        form={form}
        enviando={vincular.isPending}
        fechar={() => setVinculando(undefined)}
      >
        <Form<Vinculo>
          form={form}
          name="vincular-usuario"
          layout="vertical"
          onFinish={(v) => vincular.mutate({ ...v, usuarioId: v.usuarioId ?? vinculando?.id })}
        >
          <Form.Item
            name="usuarioId"
            label={t('usuarios:usuario')}
            hidden={!!vinculando}
            rules={[{ required: true, message: t('usuarios:informeUsuario') }]}
          >
            <SelectReferencia referencia="usuarios" placeholder={t('usuarios:buscarUsuario')} />
          </Form.Item>
          <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} required rules={regras('organizacaoId')}>
            <SelectReferencia referencia="organizacao" />
          </Form.Item>
          <Form.Item name="perfilId" label={t('campos:perfilId')} required rules={regras('perfilId')}>
            <SelectReferencia referencia="perfil" />
          </Form.Item>
        </Form>
      </ModalDeFormulario>
    </PaginaDaLista>
  );
}
