-- People written by the seeds and by self-registration before their search name was filled:
-- the same folding as migration 0003, so that a search by name finds them.
UPDATE "pessoa" SET "nome_busca" = lower(translate(trim("nome" || ' ' || "sobrenome"), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn')) WHERE "nome_busca" = '';
