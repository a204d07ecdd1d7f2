import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_TAMANHO_MAXIMO, LOGO_TIPOS, type Organizacao, type TipoLogo } from '@sig/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paraBase64 } from '../../platform/api';
import { chaves, cliente, dados } from '../../platform/cliente';
import { mensagemDeErro } from '../../platform/formulario';

/** Why a chosen file is refused before it is sent (the server checks the same, and the content). */
export function recusaDoLogo(arquivo: { type: string; size: number }): 'logoConteudo' | 'logoGrande' | null {
  if (!(arquivo.type in LOGO_TIPOS)) return 'logoConteudo';
  if (arquivo.size > LOGO_TAMANHO_MAXIMO) return 'logoGrande';
  return null;
}

/**
 * The organization's logo (spec §3) on its form: a preview of the stored image, upload (PNG or
 * JPEG up to 512 KB, checked here and on the server) and removal. Printed on receipts, booklets
 * and statements.
 */
export function LogoOrganizacao({ organizacao, podeAlterar }: { organizacao: Organizacao; podeAlterar: boolean }) {
  const { t } = useTranslation(['comum', 'organizacoes']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const chave = [...chaves('organizacao').todas, organizacao.id, 'logo'] as const;
  const id = organizacao.id;
  const imagem = useQuery({
    queryKey: chave,
    queryFn: async ({ signal }) => {
      const { data } = await cliente.GET('/api/organizacao/{id}/logo', {
        params: { path: { id } },
        parseAs: 'blob',
        signal,
      });
      return data as Blob;
    },
    enabled: organizacao.temLogo,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!organizacao.temLogo || !imagem.data) return setUrl(null);
    const u = URL.createObjectURL(imagem.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [imagem.data, organizacao.temLogo]);

  const depois = async (aviso: 'enviado' | 'removido') => {
    await qc.invalidateQueries({ queryKey: chaves('organizacao').todas });
    void message.success(t(`organizacoes:logo.${aviso}`));
  };
  const enviar = useMutation({
    mutationFn: async (arquivo: File) =>
      dados(
        cliente.PUT('/api/organizacao/{id}/logo', {
          params: { path: { id } },
          body: { tipoConteudo: arquivo.type as TipoLogo, conteudo: await paraBase64(arquivo) },
        }),
      ),
    meta: { erroTratado: true },
    onSuccess: () => depois('enviado'),
    onError: (e) => void message.error(mensagemDeErro(e)),
  });
  const remover = useMutation({
    mutationFn: () => dados(cliente.DELETE('/api/organizacao/{id}/logo', { params: { path: { id } } })),
    onSuccess: () => depois('removido'),
  });

  return (
    <Space orientation="vertical" size="small" data-testid="logo-organizacao">
      <Typography.Text strong>{t('organizacoes:logo.titulo')}</Typography.Text>
      {url ? (
        <img
          src={url}
          alt={t('organizacoes:logo.alt', { nome: organizacao.nomeFantasia })}
          style={{ maxWidth: 240, maxHeight: 120, objectFit: 'contain', border: '1px solid #d9d9d9', padding: 4 }}
        />
      ) : (
        <Typography.Text type="secondary">{t('organizacoes:logo.semLogo')}</Typography.Text>
      )}
      {podeAlterar && (
        <Space wrap>
          <Upload
            accept={Object.keys(LOGO_TIPOS).join(',')}
            showUploadList={false}
            beforeUpload={(arquivo) => {
              const recusa = recusaDoLogo(arquivo);
              if (recusa) void message.error(t(`organizacoes:validacao.${recusa}`));
              else enviar.mutate(arquivo);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={enviar.isPending}>
              {t('organizacoes:logo.enviar')}
            </Button>
          </Upload>
          {organizacao.temLogo && (
            <Popconfirm
              title={t('organizacoes:logo.remover')}
              okText={t('comum:excluir')}
              okButtonProps={{ danger: true }}
              cancelText={t('comum:cancelar')}
              onConfirm={() => remover.mutate()}
            >
              <Button danger icon={<DeleteOutlined />} loading={remover.isPending}>
                {t('organizacoes:logo.remover')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
      <Typography.Text type="secondary">{t('organizacoes:logo.ajuda')}</Typography.Text>
    </Space>
  );
}
