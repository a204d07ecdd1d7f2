import type { UsuarioOrganizacao } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { AcaoExcluir } from '../../platform/crud/AcoesLinha';
import { SelectReferencia } from '../../platform/crud/controles';
import { TabelaDaConsulta } from '../../platform/crud/TabelaDaConsulta';
import { useLayoutDosFiltros } from '../../platform/layoutFiltros';
import { useAcao, useMutacaoForm } from '../../platform/useMutacaoForm';

type Vinculo = { usuarioId: number; perfilId: number };

/** The users linked to an organization with their profile (spec §3): list, link, unlink. */
export function UsuariosOrganizacao({ organizacaoId, podeAlterar }: { organizacaoId: number; podeAlterar: boolean }) {
  const layoutFiltros = useLayoutDosFiltros();
  const { t } = useTranslation(['campos', 'comum', 'organizacoes']);
  const [form] = Form.useForm<Vinculo>();
  const chave = [...chaves('organizacao').item(organizacaoId), 'usuarios'];
  const caminho = { params: { path: { id: organizacaoId } } };
  const q = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => dados(cliente.GET('/api/organizacao/{id}/usuarios', { ...caminho, signal })),
  });

  const vincular = useMutacaoForm(form, {
    mutationFn: (v: Vinculo) => dados(cliente.POST('/api/organizacao/{id}/usuarios', { ...caminho, body: v })),
    invalidar: [chave],
    sucesso: t('comum:salvoComSucesso'),
    onSuccess: () => form.resetFields(),
  });

  // A refusal is told by the app's handler.
  const desvincular = useAcao({
    mutationFn: (usuarioId: number) =>
      dados(
        cliente.DELETE('/api/organizacao/{id}/usuarios/{usuarioId}', {
          params: { path: { id: organizacaoId, usuarioId } },
        }),
      ),
    invalidar: [chave],
    sucesso: t('organizacoes:usuarioDesvinculado'),
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="usuarios-organizacao">
      {podeAlterar && (
        <Form<Vinculo>
          form={form}
          name="vincular-usuario"
          layout={layoutFiltros}
          onFinish={(v) => !vincular.isPending && vincular.mutate(v)}
          style={{ rowGap: 12 }}
        >
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
            <SelectReferencia referencia="perfil" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={vincular.isPending}>
            {t('organizacoes:vincular')}
          </Button>
        </Form>
      )}
      <TabelaDaConsulta<UsuarioOrganizacao>
        consulta={q}
        linhas={q.data}
        rowKey="usuarioId"
        vazio={t('organizacoes:semUsuarios')}
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
                    <AcaoExcluir
                      rotulo={t('organizacoes:desvincular')}
                      confirmacao={t('organizacoes:confirmarDesvinculo')}
                      aoExcluir={() => desvincular.mutate(u.usuarioId)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
