-- An account opened while a request for the same person is being made (migration 0056's triggers):
-- each transaction's trigger ran before the other committed, neither saw the other's row, and the
-- flag stayed false. Both paths now take a transaction lock on the person's bucket before they
-- look, so the second waits for the first to commit and then counts with its row in view. Buckets
-- (256) bound the locks a bulk sending holds; they are taken in order, so two sendings never
-- deadlock, and two people of one bucket only wait for each other briefly.
CREATE OR REPLACE FUNCTION termo_pendente_travar(pessoas integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(220062, b) FROM (SELECT DISTINCT p % 256 AS b FROM unnest(pessoas) p ORDER BY 1) x;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION termo_pendente_recalcular(pessoas integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT termo_pendente_travar(pessoas);
  SELECT 1 FROM usuario WHERE pessoa_id = ANY (pessoas) ORDER BY id FOR UPDATE;
  UPDATE usuario u SET termo_pendente = p.pendente
    FROM (SELECT x.id, EXISTS (SELECT 1 FROM termo_solicitacao s JOIN termo t ON t.id = s.termo_id
                                WHERE s.pessoa_id = x.pessoa_id AND s.situacao_solicitacao = 'PENDENTE'
                                  AND t.obrigatorio AND t.situacao_termo = 'PUBLICADO') AS pendente
            FROM usuario x WHERE x.pessoa_id = ANY (pessoas)) p
   WHERE u.id = p.id AND u.termo_pendente IS DISTINCT FROM p.pendente;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION usuario_termo_pendente() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.pessoa_id IS DISTINCT FROM OLD.pessoa_id THEN
    PERFORM termo_pendente_travar(ARRAY[NEW.pessoa_id]);
    NEW.termo_pendente := EXISTS (SELECT 1 FROM termo_solicitacao s JOIN termo t ON t.id = s.termo_id
                                   WHERE s.pessoa_id = NEW.pessoa_id AND s.situacao_solicitacao = 'PENDENTE'
                                     AND t.obrigatorio AND t.situacao_termo = 'PUBLICADO');
  END IF;
  RETURN NEW;
END $$;
