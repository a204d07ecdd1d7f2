import { PlusOutlined } from '@ant-design/icons';
import { type Paged, type Subconta, type SubcontaInput, subcontaInput, TIPOS_EMPRESA } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { SelectReferencia } from '../../platform/crud/controles';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'Subconta';
const CAMPOS_TEXTO = [
  'nome',
  'email',
  'cpfCnpj',
  'celular',
  'rendaMensal',
  'endereco',
  'numero',
  'complemento',
  'bairro',
  'cep',
] as const;

/**
 * `/subconta` (spec §2): the scope's organizations with their own account at the payment
 * provider, and the creation of one (its key is kept by the server, never shown).
 */
export default function SubcontaPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'erros', 'lotes', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const [form] = Form.useForm<SubcontaInput>();
  const [aberto, setAberto] = useState(false);
  const [pagina, setPagina] = useState(1);
  useTitulo(`menu:acessos.${ACESSO}`);
  const regra = regrasZod(subcontaInput);

  const consulta = { pagina, quantidade: 10, ordenarPor: 'criadoEm', ordem: 'desc' };
  const q = useQuery({
    queryKey: ['subconta', consulta],
    queryFn: ({ signal }) => api.get<Paged<Subconta>>('subconta/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const salvar = async (v: SubcontaInput) => {
    try {
      await api.post('subconta', v);
      await qc.invalidateQueries({ queryKey: ['subconta'] });
      void message.success(t('cobrancas:subconta.criada'));
      setAberto(false);
      form.resetFields();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO}`)}
        </Typography.Title>
        {pode(ACESSO, 'C') && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="novo" onClick={() => setAberto(true)}>
            {t('cobrancas:subconta.nova')}
          </Button>
        )}
      </Space>
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      <Table<Subconta>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.itens ?? []}
        locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: pagina, pageSize: 10, total: q.data?.total ?? 0, onChange: setPagina }}
        columns={[
          { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
          { key: 'nome', dataIndex: 'nome', title: t('cobrancas:subconta.campos.nome') },
          { key: 'cpfCnpj', dataIndex: 'cpfCnpj', title: t('cobrancas:subconta.campos.cpfCnpj') },
          { key: 'email', dataIndex: 'email', title: t('cobrancas:subconta.campos.email') },
          {
            key: 'walletId',
            dataIndex: 'walletId',
            title: t('cobrancas:subconta.walletId'),
            render: (v: string | null) => v ?? t('cobrancas:subconta.criando'),
          },
          {
            key: 'criadoEm',
            dataIndex: 'criadoEm',
            title: t('lotes:criadoEm'),
            render: (v: string) => new Date(v).toLocaleString(i18n.language),
          },
        ]}
      />
      <Modal
        open={aberto}
        title={t('cobrancas:subconta.nova')}
        okText={t('comum:salvar')}
        cancelText={t('comum:cancelar')}
        onOk={() => form.submit()}
        onCancel={() => setAberto(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          name="subconta"
          layout="vertical"
          initialValues={{ tipoEmpresa: 'ASSOCIATION' }}
          onFinish={salvar}
        >
          <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} rules={regra('organizacaoId')}>
            <SelectReferencia referencia="organizacao" />
          </Form.Item>
          {CAMPOS_TEXTO.map((c) => (
            <Form.Item key={c} name={c} label={t(`cobrancas:subconta.campos.${c}`)} rules={regra(c)}>
              <Input />
            </Form.Item>
          ))}
          <Form.Item name="tipoEmpresa" label={t('cobrancas:subconta.campos.tipoEmpresa')} rules={regra('tipoEmpresa')}>
            <Select
              options={TIPOS_EMPRESA.map((x) => ({ value: x, label: t(`cobrancas:subconta.tipoEmpresa.${x}`) }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
