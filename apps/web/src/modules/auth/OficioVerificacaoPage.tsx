import type { VerificacaoOficio } from '@sig/contracts';
import { Alert, Button, Descriptions, Flex, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../platform/api';
import { clienteDiscreto, dados } from '../../platform/cliente';
import { dataParaTela } from '../../platform/crud/definicao';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { PublicoCard } from './PublicoCard';

/**
 * `/externo/oficio/:codigo?`: the check of an office letter, for anyone holding it (issue 22). The
 * letter's QR opens this page with its code; the code can also be typed. A letter found shows its
 * number, date, issuing organization and recipient, nothing more.
 */
export default function OficioVerificacaoPage() {
  const { t, i18n } = useTranslation(['publico']);
  useTitulo('publico:titulos.verificarOficio');
  const { codigo } = useParams();
  const navegar = useNavigate();
  const [oficio, setOficio] = useState<VerificacaoOficio | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [buscando, setBuscando] = useState(false);

  const verificar = useCallback(
    async (c: string) => {
      setBuscando(true);
      setErro(null);
      setOficio(null);
      try {
        setOficio(
          await dados(clienteDiscreto.GET('/api/oficio/verificar/{codigo}', { params: { path: { codigo: c } } })),
        );
      } catch (e) {
        setErro(e instanceof ApiError && e.status === 404 ? t('publico:oficio.naoEncontrado') : mensagemDeErro(e));
      } finally {
        setBuscando(false);
      }
    },
    [t],
  );
  useEffect(() => {
    if (codigo) void verificar(codigo);
  }, [codigo, verificar]);

  return (
    <PublicoCard titulo={t('publico:oficio.titulo')}>
      <Flex vertical gap="middle">
        <p style={{ margin: 0 }}>{t('publico:oficio.ajuda')}</p>
        <Form
          layout="vertical"
          initialValues={{ codigo: codigo ?? '' }}
          onFinish={({ codigo: c }: { codigo: string }) => navegar(`/externo/oficio/${c.trim().toUpperCase()}`)}
          data-testid="form-verificar-oficio"
        >
          <Form.Item
            name="codigo"
            label={t('publico:oficio.codigo')}
            rules={[{ required: true, pattern: /^\s*[0-9A-Za-z]{12}\s*$/, message: t('publico:oficio.formato') }]}
          >
            <Input autoComplete="off" maxLength={14} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={buscando} block>
            {t('publico:oficio.verificar')}
          </Button>
        </Form>
        {erro && <Alert type="warning" showIcon title={erro} data-testid="oficio-nao-confirmado" />}
        {oficio && (
          <div aria-live="polite" data-testid="oficio-verificado">
            <Alert type="success" showIcon title={t('publico:oficio.autentico')} style={{ marginBottom: 12 }} />
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('publico:oficio.numero')}>{oficio.numeroAno}</Descriptions.Item>
              <Descriptions.Item label={t('publico:oficio.data')}>
                {dataParaTela(oficio.data, i18n.language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('publico:oficio.organizacao')}>{oficio.organizacao}</Descriptions.Item>
              <Descriptions.Item label={t('publico:oficio.destinatario')}>{oficio.destinatario}</Descriptions.Item>
            </Descriptions>
          </div>
        )}
      </Flex>
    </PublicoCard>
  );
}
