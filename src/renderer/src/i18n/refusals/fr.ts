import type { RefusalTexts } from './texts';

/**
 * The refusals main can send, in French.
 * Every code of src/shared/errors.ts needs its text here: the compiler says which one is missing.
 */
const refusals = {
  'stale-state': 'Quelqu’un a agi avant vous : l’écran montre maintenant le dernier état. Regardez à nouveau et réessayez.',
  'payments-marked':
    'Un paiement de cette soirée est marqué payé : remettez-le en impayé sur l’ardoise (D) avant de la régler autrement (M3). | {n} paiements de cette soirée sont marqués payés : remettez-les en impayés sur l’ardoise (D) avant de la régler autrement (M3).',
  'same-player': '{name} ne peut pas être fusionné avec {into} : ils comptent déjà comme une seule personne.',
  'already-merged': '{name} compte déjà comme {into} : annulez d’abord cette fusion.',
  'not-merged': '{name} compte sous son propre nom : il n’y a pas de fusion à annuler.',
  'player-seated': '{name} est assis à la soirée en cours : fusionnez une fois qu’elle est terminée.',
  'unknown-backup': 'Cette sauvegarde n’est plus gardée (seules les dix dernières le sont).',
  'data-folder-fixed':
    'Ce dossier de données est choisi sur la ligne de commande (--data ou --data-dir) : démarrez plutôt l’application avec le nouveau dossier.',
  'wrong-phase': 'Pas maintenant : la table attend {what}.',
  'no-night': 'Aucune soirée n’est ouverte : commencez-en une d’abord.',
  'night-open': 'Une soirée est déjà ouverte : finissez-la avant d’en commencer une autre.',
  'night-closed': 'Cette soirée est finie et en lecture seule.',
  'bet-too-small': 'La plus petite mise est {min} : misez de {min} à {max}.',
  'bet-above-pot': 'Le pot contient {pot} : misez de {min} à {max}.',
  'bet-above-stack': '{player} a {stack} : misez de {min} à {max}.',
  'bad-cut': 'La coupe est un nombre entier de 0 à {max}.',
  'cannot-undo-cards': 'Les cartes vues par la table restent : corrigez la mise ou annulez le tour.',
  'unknown-night': 'Il n’y a pas de soirée {night} dans l’historique.',
  'unknown-player': 'Il n’y a pas de joueur {player} ici.',
  'duplicate-player': 'Un autre joueur s’appelle déjà {name}.',
  'unknown-expense': 'Il n’y a pas de dépense {expense} dans cette soirée.',
  'too-many-expenses': 'Une soirée garde au plus {max} dépenses.',
  'bet-above-limit': 'La plus grosse mise permise maintenant est {max} : misez de {min} à {max} (R27).',
  'rule-off': 'Passer n’est pas permis ce soir : misez au moins 1 (R26).',
  'already-sitting-out': '{player} est déjà en pause.',
  'not-sitting-out': '{player} n’est pas en pause.',
  'not-latest-night': 'Seule la dernière soirée peut être rouverte, et seulement quand aucune soirée n’est ouverte (R33).',
  'nothing-to-undo':
    'Rien à annuler maintenant : seule la dernière action peut être annulée, un tour seulement tant que de nouvelles cartes ne sont pas sorties (R21).',
  'seating-undo-too-late':
    'La table a continué depuis que {player} a changé de place : un changement de place ne s’annule qu’avant toute autre action (R21).',
  'invalid-input': 'Refusé tel quel : vérifiez ce qui a été saisi et réessayez. Rien n’a changé.',
  'data-exists': 'Il y a déjà {nights} soirées et {players} joueurs ici : confirmez pour les remplacer par la sauvegarde.',
  'bad-pair-call': 'Une paire d’as s’annonce seulement plus bas, une paire de 2 seulement plus haut (R29).',
  'not-enough-players': 'Il faut au moins 2 joueurs avec des jetons : enregistrez une recave ou terminez la soirée (R6).',
  'starting-chips-too-few': 'Il faut plus de jetons que l’ante de {ante}, sinon il ne reste rien pour jouer après l’ante (R4).',
  'already-left': '{player} est déjà parti avec ses jetons.',
  'player-busy': '{player} est en plein tour : terminez-le d’abord.',
  conservation: 'Le compte des jetons ne tomberait plus juste (R24) : rien n’a été enregistré.',
  storage: 'Le disque n’a pas pu lire ou enregistrer les données : rien n’a changé.',
  'forbidden-role': 'Cet écran ne fait que regarder : les commandes sont pour la console de l’hôte. Rien n’a changé.',
  'phones-unavailable': 'Ce croupier ne peut pas laisser les téléphones regarder : il tourne sans le service du réseau local.',
  'bad-iban': 'L’IBAN {iban} {why} : rien n’a été enregistré.',
  'bad-bic': '{why} : rien n’a été enregistré.',
  'too-many-questions': 'Trop de questions de ce téléphone : redemandez dans {seconds} s.',
  'not-this-night': 'Ce téléphone aidait à donner pour une autre soirée : il aide de nouveau une fois la soirée en cours affichée.',
  'not-a-witness': "Ce téléphone n'aide pas à donner en ce moment : touchez de nouveau Aider à donner.",
  'bad-reveal': 'La valeur de ce téléphone ne correspond pas à sa chaîne : la carte a été tirée sans lui (R34).',
  'reveal-late': 'Ce téléphone a répondu trop tard : la carte a été tirée sans lui (R34).',
  'not-in-group': 'Ce portable n’est dans aucun groupe : créez-en un ou rejoignez-en un d’abord.',
  'already-in-group': 'Ce portable est déjà dans le groupe {group} : quittez-le d’abord.',
  'other-group': 'Il contient le groupe {group}, pas celui de ce portable : rien n’a changé.',
  'bad-group-file': '{file} ne se lit pas comme un groupe : rien n’a changé.',
  'night-elsewhere': 'Cette soirée a été tenue sur {laptop} : seul ce portable peut la rouvrir (R33).',
  'pairing-refused':
    'Ce code n’est pas ouvert sur l’autre ordinateur (faux, déjà utilisé ou vieux de plus de 5 minutes) : affichez-en un nouveau là-bas.',
  'pairing-needs-group':
    'Créez d’abord le groupe sur cet ordinateur (ou rejoignez-en un) : l’ordinateur qui tape le code le rejoint ensuite.',
  'pairing-other-group': 'Les deux ordinateurs sont dans des groupes différents ({group}) : l’un d’eux quitte d’abord son groupe.',
  'peer-unreachable': 'Rien n’a répondu à {address} : l’application est-elle ouverte sur cet ordinateur, sur le même réseau ?',
  'not-paired': 'Cet ordinateur n’est pas (ou plus) appairé avec celui-ci : appairez-les à nouveau.',
  'group-lan-unavailable': 'Ce croupier ne peut pas s’appairer avec un autre ordinateur : il tourne sans le service du groupe.',
  'night-moved': 'La soirée est passée sur un autre ordinateur (passée ou reprise) : elle continue là-bas (R35).',
  'holder-reachable': 'L’ordinateur qui tient cette soirée répond encore : demandez-lui plutôt de la passer (R35).',
  'copy-not-ready':
    'Cette copie de la soirée n’a pas ses dernières lignes (en retard, ou d’avant que la soirée ne change d’ordinateur) : rien ne peut encore être passé ou repris à partir d’elle (R35).',
  'live-copy-refused': 'L’autre ordinateur n’a pas pris les lignes de cette soirée pour sa copie en direct (R35).',
  'no-pay-details': '{name} n’a aucun moyen de paiement à partager : saisissez-les d’abord (E à l’accueil).',
  'laptop-id-shared':
    'Cet ordinateur utilise l’identifiant de celui-ci ({laptop} l’a aussi : un dossier de données copié de l’un à l’autre ?) : l’un des deux prend d’abord un nouvel identifiant (Historique, V, D), puis appairez-les à nouveau.',
  'laptop-id-not-shared': 'Aucun autre ordinateur n’utilise l’identifiant de celui-ci, qui le garde donc : rien n’a changé.',
  'laptop-name-taken': 'Un autre ordinateur du groupe s’appelle déjà {name} : choisissez un nom qui les distingue.',
  'no-key-change': 'Aucune autre clé que celle du groupe n’a été vue pour cet ordinateur : rien n’a changé.',
} satisfies RefusalTexts;

export default refusals;
