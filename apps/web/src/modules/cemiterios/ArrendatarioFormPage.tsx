import {
  ACESSO_ARRENDATARIO,
  type Arrendatario,
  arrendatarioInput,
  CAMPOS_ARRENDATARIO,
  CAMPOS_RENOVACAO,
  renovacaoInput,
} from '@sig/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaData } from '../../platform/crud/celulas';
import { valoresIniciais } from '../../platform/crud/definicao';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { CamposDeclarados, ROTA_LISTA_ARRENDATARIO } from './comum';

/**
 * `/arrendatario/form/:id?/:visualizacao?`: the concession of a plot to a person of the registry;
 * the server refuses a plot already granted (spec §3 lease holder). A concession with a term is
 * renewed by its own action, kept in the record's history.
 */
export default function ArrendatarioFormPage() {
  const { t } = useTranslation(['campos', 'cemiterios', 'crud', 'menu']);
  const { pode } = useAutorizacao();
  const [renovando, setRenovando] = useState(false);
  const navegar = useNavigate();
  useTitulo(`menu:acessos.${ACESSO_ARRENDATARIO}`);
  const { formProps, saveButtonProps, id, modo, somenteLeitura, semPermissao, consulta, voltar, registro } =
    useFormRecurso<Arrendatario>({
      recurso: 'arrendatario',
      acesso: ACESSO_ARRENDATARIO,
      voltar: ROTA_LISTA_ARRENDATARIO,
      // The plot's state in the cemetery's grid follows.
      invalidar: [chaves('cemiterio').todas],
    });
  if (semPermissao) return <Navigate to={ROTA_LISTA_ARRENDATARIO} replace />;
  return (
    <PaginaDeFormulario
      titulo={t(`crud:titulo.${modo}`, { tela: t(`menu:acessos.${ACESSO_ARRENDATARIO}`) })}
      consulta={consulta}
      carregando={id !== undefined && consulta.isPending}
      salvar={somenteLeitura ? undefined : saveButtonProps}
      aoVoltar={() => navegar(voltar)}
      botoes={
        registro && registro.tipoConcessao !== 'PERPETUA' && pode(ACESSO_ARRENDATARIO, 'U') ? (
          <Button onClick={() => setRenovando(true)}>{t('cemiterios:renovar')}</Button>
        ) : undefined
      }
    >
      {renovando && registro && <Renovacao arrendatarioId={registro.id} fechar={() => setRenovando(false)} />}
      <Form<Record<string, unknown>>
        {...formProps}
        name="arrendatario"
        initialValues={valoresIniciais(CAMPOS_ARRENDATARIO)}
        data-testid="form-arrendatario"
      >
        <CamposDeclarados campos={CAMPOS_ARRENDATARIO} esquema={arrendatarioInput} />
      </Form>
    </PaginaDeFormulario>
  );
}

/** A renewal to a new "renewed until"; the server holds it after the current one. */
function Renovacao({ arrendatarioId, fechar }: { arrendatarioId: number; fechar: () => void }) {
  const { t } = useTranslation(['cemiterios']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const renovar = useMutacaoForm(form, {
    mutationFn: (corpo: Record<string, unknown>) =>
      dados(
        cliente.POST('/api/arrendatario/{id}/renovar', {
          params: { path: { id: arrendatarioId } },
          body: corpo as never,
        }),
      ),
    onSuccess: async (a) => {
      message.success(t('cemiterios:renovada', { data: celulaData(a.renovadoAte) }));
      await qc.invalidateQueries({ queryKey: chaves('arrendatario').todas });
      fechar();
    },
  });
  return (
    <ModalDeFormulario
      titulo={t('cemiterios:renovarConcessao')}
      form={form}
      enviando={renovar.isPending}
      fechar={fechar}
    >
      <Form<Record<string, unknown>>
        form={form}
        layout="vertical"
        name="renovacao"
        onFinish={(v) => renovar.mutate(v)}
        data-testid="form-renovacao"
      >
        <CamposDeclarados campos={CAMPOS_RENOVACAO} esquema={renovacaoInput} />
      </Form>
    </ModalDeFormulario>
  );
}
