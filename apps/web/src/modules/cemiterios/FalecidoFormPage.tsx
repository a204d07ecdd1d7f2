import {
  ACESSO_FALECIDO,
  CAMPOS_EXUMACAO,
  CAMPOS_FALECIDO,
  exumacaoInput,
  type Falecido,
  falecidoInput,
} from '@sig/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { celulaData } from '../../platform/crud/celulas';
import { valoresIniciais } from '../../platform/crud/definicao';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_LISTA_FALECIDO } from './comum';

/**
 * `/falecido/form/:id?/:visualizacao?`: a burial in a plot under its concession: a person of the
 * registry or a name only; the same deceased twice is refused (spec §8).
 */
export default function FalecidoFormPage() {
  const { t } = useTranslation(['campos', 'cemiterios', 'crud', 'menu']);
  const { pode } = useAutorizacao();
  const [exumando, setExumando] = useState(false);
  useTitulo(`menu:acessos.${ACESSO_FALECIDO}`);
  const f = useFormRecurso<Falecido>({
    recurso: 'falecido',
    acesso: ACESSO_FALECIDO,
    voltar: ROTA_LISTA_FALECIDO,
    // The plot's state in the cemetery's grid follows.
    invalidar: [chaves('cemiterio').todas],
    // Exhumed, the burial is a record of the past.
    travado: (r) => r.dataExumacao !== null,
  });
  const { formProps, semPermissao, registro } = f;
  if (semPermissao) return <Navigate to={ROTA_LISTA_FALECIDO} replace />;
  return (
    <PaginaDeFormulario
      recurso={f}
      tela={t(`menu:acessos.${ACESSO_FALECIDO}`)}
      botoes={
        registro && !registro.dataExumacao && pode(ACESSO_FALECIDO, 'U') ? (
          <Button onClick={() => setExumando(true)}>{t('cemiterios:registrarExumacao')}</Button>
        ) : undefined
      }
    >
      {registro?.dataExumacao && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('cemiterios:exumado', { data: celulaData(registro.dataExumacao) })}
        />
      )}
      {exumando && registro && <Exumacao falecidoId={registro.id} fechar={() => setExumando(false)} />}
      <Form<Record<string, unknown>>
        {...formProps}
        name="falecido"
        initialValues={valoresIniciais(CAMPOS_FALECIDO)}
        data-testid="form-falecido"
      >
        <CamposDeclarados campos={CAMPOS_FALECIDO} esquema={falecidoInput} />
      </Form>
    </PaginaDeFormulario>
  );
}

/** The exhumation of a burial, dated; the server holds it to the cemetery's minimum term. */
function Exumacao({ falecidoId, fechar }: { falecidoId: number; fechar: () => void }) {
  const { t } = useTranslation(['cemiterios', 'comum']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const exumar = useMutacaoForm(form, {
    mutationFn: (corpo: Record<string, unknown>) =>
      dados(
        cliente.POST('/api/falecido/{id}/exumacao', { params: { path: { id: falecidoId } }, body: corpo as never }),
      ),
    onSuccess: async () => {
      message.success(t('comum:salvoComSucesso'));
      await qc.invalidateQueries({ queryKey: chaves('falecido').todas });
      await qc.invalidateQueries({ queryKey: chaves('cemiterio').todas });
      fechar();
    },
  });
  return (
    <ModalDeFormulario
      titulo={t('cemiterios:registrarExumacao')}
      form={form}
      enviando={exumar.isPending}
      fechar={fechar}
    >
      <Form<Record<string, unknown>>
        form={form}
        layout="vertical"
        name="exumacao"
        onFinish={(v) => exumar.mutate(v)}
        data-testid="form-exumacao"
      >
        <CamposDeclarados campos={CAMPOS_EXUMACAO} esquema={exumacaoInput} />
      </Form>
    </ModalDeFormulario>
  );
}
