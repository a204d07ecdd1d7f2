import { Alert, Select, Space, Typography } from 'antd';
import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Motivo = 'insegura' | 'semCamera' | 'permissaoNegada' | 'ocupada' | 'falhou';

/** Why the camera did not open, from the browser's own error (the key of its message). */
function motivoDaFalha(e: unknown): Motivo {
  const nome = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (nome === 'NotAllowedError' || nome === 'SecurityError') return 'permissaoNegada';
  if (nome === 'NotFoundError' || nome === 'OverconstrainedError') return 'semCamera';
  if (nome === 'NotReadableError' || nome === 'AbortError') return 'ocupada';
  // qr-scanner's own refusal when it finds no camera to switch to.
  return e === 'Camera not found.' ? 'semCamera' : 'falhou';
}

const pararFluxo = (fluxo: MediaProvider | null) => {
  if (fluxo && 'getTracks' in fluxo) for (const f of fluxo.getTracks()) f.stop();
};

/**
 * The device camera reading QR codes while it is shown: opened when mounted, released when
 * unmounted (the user closes it or leaves the page). Every code read goes to `aoLer`, as often as
 * the camera sees it; the caller decides what a repeat means. `qr-scanner` is loaded only here,
 * on the first opening (docs/adr/0029).
 */
export default function LeitorQr({ aoLer }: { aoLer: (texto: string) => void }) {
  const { t } = useTranslation('eventos');
  const video = useRef<HTMLVideoElement>(null);
  const leitor = useRef<QrScanner>(undefined);
  const aoLerAtual = useRef(aoLer);
  const [falha, setFalha] = useState<Motivo>();
  const [cameras, setCameras] = useState<QrScanner.Camera[]>([]);
  const [camera, setCamera] = useState<string>();

  useEffect(() => {
    aoLerAtual.current = aoLer;
  }, [aoLer]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    let aberto = true;
    const abrir = async () => {
      if (!window.isSecureContext) return setFalha('insegura');
      if (!navigator.mediaDevices?.getUserMedia) return setFalha('semCamera');
      // The stream is asked here rather than by qr-scanner, which hides the browser's reason
      // (permission denied, no camera, camera busy) behind one "Camera not found.".
      const [fluxo, { default: Leitor }] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        import('qr-scanner'),
      ]);
      if (!aberto) return pararFluxo(fluxo);
      v.srcObject = fluxo;
      const l = new Leitor(v, (r) => aoLerAtual.current(r.data), {
        returnDetailedScanResult: true,
        maxScansPerSecond: 8,
      });
      leitor.current = l;
      await l.start();
      // With the permission granted the cameras have their names: the choice is offered when there are several.
      const lista = await Leitor.listCameras(true);
      if (!aberto) return;
      setCameras(lista);
      setCamera(fluxo.getVideoTracks()[0]?.getSettings().deviceId);
    };
    abrir().catch((e: unknown) => {
      if (aberto) setFalha(motivoDaFalha(e));
    });
    return () => {
      aberto = false;
      leitor.current?.destroy();
      leitor.current = undefined;
      pararFluxo(v.srcObject);
      v.srcObject = null;
    };
  }, []);

  const trocarCamera = (id: string) => {
    setCamera(id);
    leitor.current?.setCamera(id).catch((e: unknown) => setFalha(motivoDaFalha(e)));
  };

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="check-in-camera">
      {falha ? (
        <Alert type="warning" showIcon title={t(`checkIn.camera.${falha}`)} data-testid="check-in-camera-falha" />
      ) : (
        <Typography.Text type="secondary">{t('checkIn.camera.apontar')}</Typography.Text>
      )}
      {cameras.length > 1 && !falha && (
        <Select
          aria-label={t('checkIn.camera.escolher')}
          value={camera}
          onChange={trocarCamera}
          options={cameras.map((c) => ({ value: c.id, label: c.label }))}
          style={{ width: '100%', maxWidth: 480 }}
          data-testid="check-in-camera-escolha"
        />
      )}
      {/* Fills a phone's width; muted and inline so that mobile browsers play it in the page. */}
      <video
        ref={video}
        muted
        playsInline
        style={{
          display: falha ? 'none' : 'block',
          width: '100%',
          maxWidth: 480,
          aspectRatio: '4 / 3',
          objectFit: 'cover',
          borderRadius: 8,
          background: '#000',
        }}
        data-testid="check-in-video"
      />
    </Space>
  );
}
