import { DeleteOutlined } from '@ant-design/icons';
import type { UsuarioOrganizacao } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { RECURSO, SelectRemoto } from './comum';

type Vinculo = { usuarioId: number | null; perfilId: number | null };

/** The users linked to an organization with their profile (spec §3): list, link, unlink. */
export function UsuariosOrganizacao({ organizacaoId, podeAlterar }: { organizacaoId: number; podeAlterar: boolean }) {
  const { t } = useTranslation(['campos', 'comum', 'organizacoes']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Vinculo>();
  const [enviando, setEnviando] = useState(false);
  const chave = [RECURSO, 'usuarios', organizacaoId];
  const q = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) =>
      api.get<UsuarioOrganizacao[]>(`${RECURSO}/${organizacaoId}/usuarios`, undefined, { sinal: signal }),
  });

  const vincular = async (v: Vinculo) => {
    if (enviando) return;
    setEnviando(true);
    try {
      await api.post(`${RECURSO}/${organizacaoId}/usuarios`, v);
      void message.success(t('comum:salvoComSucesso'));
      form.resetFields();
      await qc.invalidateQueries({ queryKey: chave });
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  const desvincular = async (usuarioId: number) => {
    try {
      await api.delete(`${RECURSO}/${organizacaoId}/usuarios`, usuarioId);
      void message.success(t('organizacoes:usuarioDesvinculado'));
      await qc.invalidateQueries({ queryKey: chave });
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="usuarios-organizacao">
      {podeAlterar && (
        <Form<Vinculo> form={form} name="vincular-usuario" layout="inline" onFinish={vincular} style={{ rowGap: 12 }}>
          <Form.Item
            name="usuarioId"
            label={t('organizacoes:usuarioCodigo')}
            rules={[{ required: true, message: t('organizacoes:informeUsuario') }]}
          >
            <InputNumber min={1} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="perfilId"
            label={t('campos:perfilId')}
            rules={[{ required: true, message: t('organizacoes:informePerfil') }]}
          >
            <SelectRemoto recurso="perfil" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={enviando}>
            {t('organizacoes:vincular')}
          </Button>
        </Form>
      )}
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      <Table<UsuarioOrganizacao>
        rowKey="usuarioId"
        size="small"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: t('organizacoes:semUsuarios') }}
        columns={[
          { key: 'id', dataIndex: 'usuarioId', title: t('organizacoes:usuarioCodigo'), width: 100 },
          { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
          { key: 'email', dataIndex: 'email', title: t('campos:email') },
          { key: 'perfil', dataIndex: 'perfilNome', title: t('campos:perfilId') },
          ...(podeAlterar
            ? [
                {
                  key: 'acoes',
                  title: t('comum:acoes'),
                  width: 90,
                  render: (_: unknown, u: UsuarioOrganizacao) => (
                    <Popconfirm
                      title={t('organizacoes:confirmarDesvinculo')}
                      okText={t('organizacoes:desvincular')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('comum:cancelar')}
                      onConfirm={() => desvincular(u.usuarioId)}
                    >
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('organizacoes:desvincular')}
                        title={t('organizacoes:desvincular')}
                      />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
