import { DeleteOutlined, EditOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { type FiltroSalvo, filtroSalvoUpdate } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { colunaDeAcoes } from '../../platform/crud/AcoesLinha';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { ErroDaLista } from '../../platform/crud/PartesDaLista';
import { regrasZod } from '../../platform/formulario';
import { useAcao, useMutacaoForm } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'FiltrosSalvos';
const regras = regrasZod(filtroSalvoUpdate);

/**
 * `/filtros-salvos` (spec §3): the signed-in user's saved filters of every screen: renamed, made
 * the screen's default (one per screen, the server clears the others) or deleted after asking.
 * Each list saves its own through its filters bar; this page only tends them.
 */
export default function FiltrosSalvosPage() {
  const { t } = useTranslation(['campos', 'comum', 'crud', 'menu', 'usuarios']);
  useTitulo(`menu:acessos.${ACESSO}`);
  const [form] = Form.useForm<{ nome: string }>();
  const [renomeando, setRenomeando] = useState<FiltroSalvo | undefined>();
  const q = useQuery({
    queryKey: [...chaves('filtro-salvo').todas, 'todos'],
    queryFn: ({ signal }) => dados(cliente.GET('/api/filtro-salvo/', { signal })),
  });
  const invalidar = [chaves('filtro-salvo').todas];

  const salvar = useMutacaoForm(form, {
    mutationFn: (f: FiltroSalvo) =>
      dados(
        cliente.PUT('/api/filtro-salvo/{id}', {
          params: { path: { id: f.id } },
          body: { nome: f.nome, padrao: f.padrao, filtros: f.filtros },
        }),
      ),
    invalidar,
    sucesso: t('comum:salvoComSucesso'),
    onSuccess: () => setRenomeando(undefined),
  });
  const excluir = useAcao({
    mutationFn: (id: number) => dados(cliente.DELETE('/api/filtro-salvo/{id}', { params: { path: { id } } })),
    invalidar,
    sucesso: t('usuarios:filtroExcluido'),
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO}`)}
      </Typography.Title>
      <ErroDaLista erro={q.error} />
      <Table<FiltroSalvo>
        rowKey="id"
        size="small"
        data-testid="filtros-salvos"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: t('crud:nenhumFiltroSalvo') }}
        columns={[
          {
            key: 'acesso',
            dataIndex: 'acesso',
            title: t('usuarios:tela'),
            render: (a: string) => t(`menu:acessos.${a}` as 'menu:acessos.Pessoa', { defaultValue: a }),
          },
          { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
          {
            key: 'padrao',
            dataIndex: 'padrao',
            title: t('usuarios:padrao'),
            render: (_, f) => (
              <Tooltip title={t(f.padrao ? 'usuarios:deixarDeSerPadrao' : 'usuarios:tornarPadrao')}>
                <Button
                  type="text"
                  icon={f.padrao ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                  aria-label={t(f.padrao ? 'usuarios:deixarDeSerPadrao' : 'usuarios:tornarPadrao')}
                  aria-pressed={f.padrao}
                  onClick={() => salvar.mutate({ ...f, padrao: !f.padrao })}
                />
              </Tooltip>
            ),
          },
          colunaDeAcoes<FiltroSalvo>(t('comum:acoes'), (f) => [
            {
              icone: <EditOutlined />,
              rotulo: t('usuarios:renomear'),
              aoClicar: () => {
                form.setFieldsValue({ nome: f.nome });
                setRenomeando(f);
              },
            },
            {
              perigo: true,
              icone: <DeleteOutlined />,
              rotulo: t('comum:excluir'),
              textoOk: t('comum:excluir'),
              confirmacao: t('usuarios:confirmarExclusaoFiltro', { nome: f.nome }),
              aoClicar: () => excluir.mutate(f.id),
            },
          ]),
        ]}
      />
      <ModalDeFormulario
        aberto={!!renomeando}
        titulo={t('usuarios:renomear')}
        form={form}
        enviando={salvar.isPending}
        fechar={() => setRenomeando(undefined)}
      >
        <Form
          form={form}
          name="renomear-filtro"
          layout="vertical"
          onFinish={(v) => renomeando && salvar.mutate({ ...renomeando, nome: v.nome })}
        >
          <Form.Item name="nome" label={t('campos:nome')} required rules={regras('nome')}>
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </ModalDeFormulario>
    </Space>
  );
}
