ALTER TABLE "usuario" ADD COLUMN "termo_pendente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- usuario.termo_pendente: the person has a pending request of a published required term. The session
-- lookup of every request reads the flag; these triggers keep it in the transaction of whatever
-- changes the answer (a request made, answered or removed, a version published or superseded, an
-- account opened), so no service has to remember it.
-- The users' rows are locked first and the count made in the next statement's fresh snapshot: two
-- transactions changing one person's requests at once count in turn, the second seeing the first's.
CREATE FUNCTION termo_pendente_recalcular(pessoas integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM usuario WHERE pessoa_id = ANY (pessoas) ORDER BY id FOR UPDATE;
  UPDATE usuario u SET termo_pendente = p.pendente
    FROM (SELECT x.id, EXISTS (SELECT 1 FROM termo_solicitacao s JOIN termo t ON t.id = s.termo_id
                                WHERE s.pessoa_id = x.pessoa_id AND s.situacao_solicitacao = 'PENDENTE'
                                  AND t.obrigatorio AND t.situacao_termo = 'PUBLICADO') AS pendente
            FROM usuario x WHERE x.pessoa_id = ANY (pessoas)) p
   WHERE u.id = p.id AND u.termo_pendente IS DISTINCT FROM p.pendente;
$$;
--> statement-breakpoint
-- Requests are inserted in bulk (a sending to a synod): once per statement, over the new rows.
CREATE FUNCTION termo_solicitacao_pendencia_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM termo_pendente_recalcular(ARRAY(SELECT DISTINCT pessoa_id FROM novas WHERE situacao_solicitacao = 'PENDENTE'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER termo_solicitacao_pendencia_insercao AFTER INSERT ON "termo_solicitacao"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION termo_solicitacao_pendencia_insercao();
--> statement-breakpoint
CREATE FUNCTION termo_solicitacao_pendencia_remocao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM termo_pendente_recalcular(ARRAY(SELECT DISTINCT pessoa_id FROM antigas WHERE situacao_solicitacao = 'PENDENTE'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER termo_solicitacao_pendencia_remocao AFTER DELETE ON "termo_solicitacao"
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION termo_solicitacao_pendencia_remocao();
--> statement-breakpoint
-- An answer (one request at a time) moves a request out of PENDENTE; a new token or a supersession
-- (ACEITO → SUBSTITUIDO) does not touch pendency, and the WHEN clause keeps the trigger from firing.
CREATE FUNCTION termo_solicitacao_pendencia_alteracao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM termo_pendente_recalcular(ARRAY[OLD.pessoa_id, NEW.pessoa_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER termo_solicitacao_pendencia_alteracao AFTER UPDATE ON "termo_solicitacao" FOR EACH ROW
  WHEN ((OLD.situacao_solicitacao = 'PENDENTE') IS DISTINCT FROM (NEW.situacao_solicitacao = 'PENDENTE')
        OR OLD.pessoa_id IS DISTINCT FROM NEW.pessoa_id OR OLD.termo_id IS DISTINCT FROM NEW.termo_id)
  EXECUTE FUNCTION termo_solicitacao_pendencia_alteracao();
--> statement-breakpoint
-- A required version published, superseded or made (not) required: its pending requests' people.
CREATE FUNCTION termo_pendencia_alteracao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM termo_pendente_recalcular(ARRAY(SELECT pessoa_id FROM termo_solicitacao
                                           WHERE termo_id = NEW.id AND situacao_solicitacao = 'PENDENTE'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER termo_pendencia_alteracao AFTER UPDATE ON "termo" FOR EACH ROW
  WHEN ((OLD.obrigatorio OR NEW.obrigatorio)
        AND (OLD.situacao_termo IS DISTINCT FROM NEW.situacao_termo OR OLD.obrigatorio IS DISTINCT FROM NEW.obrigatorio))
  EXECUTE FUNCTION termo_pendencia_alteracao();
--> statement-breakpoint
-- An account opened (or moved to another person) for someone with a request already pending.
CREATE FUNCTION usuario_termo_pendente() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.pessoa_id IS DISTINCT FROM OLD.pessoa_id THEN
    NEW.termo_pendente := EXISTS (SELECT 1 FROM termo_solicitacao s JOIN termo t ON t.id = s.termo_id
                                   WHERE s.pessoa_id = NEW.pessoa_id AND s.situacao_solicitacao = 'PENDENTE'
                                     AND t.obrigatorio AND t.situacao_termo = 'PUBLICADO');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER usuario_termo_pendente BEFORE INSERT OR UPDATE OF pessoa_id ON "usuario" FOR EACH ROW
  EXECUTE FUNCTION usuario_termo_pendente();
--> statement-breakpoint
UPDATE usuario u SET termo_pendente = true
 WHERE EXISTS (SELECT 1 FROM termo_solicitacao s JOIN termo t ON t.id = s.termo_id
                WHERE s.pessoa_id = u.pessoa_id AND s.situacao_solicitacao = 'PENDENTE'
                  AND t.obrigatorio AND t.situacao_termo = 'PUBLICADO');
