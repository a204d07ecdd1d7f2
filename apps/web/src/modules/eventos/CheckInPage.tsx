import { ArrowLeftOutlined, CameraOutlined, CloseOutlined, LoginOutlined } from '@ant-design/icons';
import type { Inscricao } from '@sig/contracts';
import { Alert, Button, Card, Descriptions, Form, Grid, Input, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaDataHora } from '../../platform/crud/celulas';
import { mensagemDeErro } from '../../platform/formulario';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { celulaStatusInscricao, ROTA_INSCRICOES } from './comum';

// The camera and its QR decoder load when the user opens the camera, never with the page.
const LeitorQr = lazy(() => import('./LeitorQr'));

/**
 * What the confirmation e-mail's QR code holds: the registration's code itself (`XXXX-XXXX`, as
 * the API draws it). Anything else the camera sees (a Pix code, a link) is not a registration's.
 */
const CODIGO_NO_QR = /^[A-Z0-9]{4}-[A-Z0-9]{4}$/i;

/** The same code seen again within this time (held in front of the camera) is not sent again. */
const REPETICAO_MS = 4000;

/**
 * `/inscricoes-de-eventos/check-in`: at the door, the registration's code typed, pasted or read
 * from its QR code by the device's camera marks the registrant present and shows who it is; a
 * cancelled, expired or unpaid registration is refused with the server's reason.
 */
export default function CheckInPage() {
  const { t } = useTranslation(['campos', 'comum', 'eventos', 'menu']);
  const navegar = useNavigate();
  const [form] = Form.useForm<{ codigo: string }>();
  const [recusa, setRecusa] = useState<string>();
  const [camera, setCamera] = useState(false);
  // A phone's screen: the code's field under its label, as wide as the screen.
  const celular = !Grid.useBreakpoint().sm;
  const ultimaLeitura = useRef<{ codigo: string; em: number }>(undefined);
  useTitulo('eventos:checkIn.titulo');
  const registrar = useAcao({
    mutationFn: (codigo: string) =>
      dados(cliente.POST('/api/inscricoes-de-eventos/check-in', { body: { codigo } })) as Promise<Inscricao>,
    invalidar: [chaves('inscricoes-de-eventos').todas],
    sucesso: (i) => t('eventos:checkIn.registrado', { nome: i.nome }),
    onMutate: () => setRecusa(undefined),
    onSuccess: () => form.resetFields(),
    onError: (e) => setRecusa(mensagemDeErro(e)),
  });
  const { mutate } = registrar;
  const lerQr = useCallback(
    (texto: string) => {
      const codigo = texto.trim();
      const agora = Date.now();
      const anterior = ultimaLeitura.current;
      // Seen while it stays in front of the camera: each sighting pushes the window on.
      ultimaLeitura.current = { codigo, em: agora };
      if (anterior?.codigo === codigo && agora - anterior.em < REPETICAO_MS) return;
      if (CODIGO_NO_QR.test(codigo)) mutate(codigo);
      else setRecusa(t('eventos:checkIn.camera.qrEstranho'));
    },
    [mutate, t],
  );
  const i = registrar.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navegar(ROTA_INSCRICOES)}>
          {t('eventos:checkIn.voltar')}
        </Button>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('eventos:checkIn.titulo')}
        </Typography.Title>
      </Space>
      <Form
        form={form}
        name="check-in"
        layout={celular ? 'vertical' : 'inline'}
        onFinish={(v) => registrar.mutate(v.codigo.trim())}
      >
        <Form.Item
          name="codigo"
          label={t('eventos:checkIn.codigo')}
          tooltip={t('eventos:checkIn.dica')}
          rules={[{ required: true, whitespace: true, message: t('eventos:checkIn.dica') }]}
        >
          <Input autoFocus allowClear style={{ width: celular ? '100%' : 260 }} data-testid="check-in-codigo" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<LoginOutlined />}
          loading={registrar.isPending}
          data-testid="check-in-registrar"
        >
          {t('eventos:checkIn.registrar')}
        </Button>
      </Form>
      <Button
        icon={camera ? <CloseOutlined /> : <CameraOutlined />}
        onClick={() => setCamera((c) => !c)}
        data-testid="check-in-abrir-camera"
      >
        {t(camera ? 'eventos:checkIn.camera.fechar' : 'eventos:checkIn.camera.abrir')}
      </Button>
      {camera && (
        <Suspense fallback={null}>
          <LeitorQr aoLer={lerQr} />
        </Suspense>
      )}
      {recusa && <Alert type="error" showIcon title={recusa} data-testid="check-in-recusa" />}
      {i && !recusa && (
        <Card data-testid="check-in-inscrito">
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('eventos:checkIn.presente', { quando: celulaDataHora(i.checkInEm) as string })}
          />
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('campos:nome')}>{i.nome}</Descriptions.Item>
            <Descriptions.Item label={t('campos:codigo')}>{i.codigo}</Descriptions.Item>
            <Descriptions.Item label={t('campos:eventoNome')}>{i.eventoNome}</Descriptions.Item>
            <Descriptions.Item label={t('campos:status')}>{celulaStatusInscricao(i.status)}</Descriptions.Item>
            <Descriptions.Item label={t('campos:loteNumero')}>{i.loteNumero ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('campos:oficinas')}>
              {i.oficinas.map((o) => o.nome).join(', ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('campos:comunidadeNome')}>{i.comunidadeNome ?? '—'}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </Space>
  );
}
