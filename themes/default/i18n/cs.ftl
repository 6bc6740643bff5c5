# Czech UI strings and generated sentences for rulehub sites.

language-name = Čeština
skip-to-content = Přeskočit na obsah
nav-home = Úvod
nav-languages = Jazyky
pager-label = Další varianty
pager-previous = Předchozí:
pager-next = Následující:
variants-heading = Varianty
not-yet-translated = zatím nepřeloženo
on-this-page = Na této stránce
board-start-desc = Výchozí rozestavení hry { $title } na desce { $rows }×{ $cols }: útočníků { $attackers }, obránců { $defenders } a král.
example-heading = Řešený příklad
example-before = Před tahem
example-after = Po tahu
example-verified = Pravidlový engine tento příklad ověřuje při každém sestavení webu.
example-step-through = Projít { $count } { $count ->
    [one] tah
    [few] tahy
   *[other] tahů
} jeden po druhém
game-heading = Ukázková partie
game-start = Výchozí postavení
game-step = Tah { $number } z { $total }: { $move }
game-start-alt = Deska na začátku partie
game-frame-alt = Deska po { $number }. tahu, { $move }
game-first = Na začátek
game-previous = Předchozí tah
game-next = Další tah
game-last = Na konec
game-verified = Pravidlový engine ověřuje každý tah této partie při každém sestavení webu.
game-end-win = Po { $moves } { $moves ->
    [one] tahu
   *[other] tazích
} { $winner ->
    [attackers] vyhrávají útočníci
    [white] vyhrává bílý
    [black] vyhrává černý
   *[defenders] vyhrávají obránci
}: { $how }.
game-end-draw = Po { $moves } { $moves ->
    [one] tahu
   *[other] tazích
} končí partie remízou: { $how }.
game-end-ongoing = Po { $moves } { $moves ->
    [one] tahu
   *[other] tazích
} partie pokračuje.
example-diagram-desc = { $sentence }
comparison-title = Srovnání pravidel
comparison-intro = Každý řádek se čte přímo z pravidel, podle nichž engine ověřuje příklady, takže tabulka nemůže zastarat.
comparison-link = Srovnat pravidla všech variant
comparison-rule = Pravidlo
not-found-title = Stránka nenalezena
not-found-text = Na této adrese žádná stránka není. Seznam variant najdete na úvodní stránce.
back-home = Zpět na úvod
footer-text = Vydáno nástrojem rulehub. Každý řešený příklad na tomto webu přehrává pravidlový engine.
rules-at-a-glance = Stručně

example-king = král na { $square }
example-attackers = { $count ->
    [one] jeden útočník na { $squares }
    [few] { $count } útočníci na { $squares }
   *[other] { $count } útočníků na { $squares }
}
example-defenders = { $count ->
    [one] jeden obránce na { $squares }
    [few] { $count } obránci na { $squares }
   *[other] { $count } obránců na { $squares }
}
example-rest-empty = ostatní pole prázdná
example-to-move = { $side ->
    [attackers] táhnou útočníci
   *[defenders] táhnou obránci
}
example-move = { $piece ->
    [king] Král táhne { $from }–{ $to }
    [defender] Obránce táhne { $from }–{ $to }
   *[attacker] Útočník táhne { $from }–{ $to }
}
example-earlier-moves = { $count ->
    [one] Po tahu { $moves }:
   *[other] Po tazích { $moves }:
}
example-captures = { $count ->
    [one] { " " }a zajme kámen na { $squares }
    [few] { " " }a zajme { $count } kameny: { $squares }
   *[other] { " " }a zajme { $count } kamenů: { $squares }
}
example-no-captures = {""}
example-captures-king = { " " }a zajme krále na { $square }
example-captures-king-and = { " " }a zajme krále na { $square } a { $count ->
    [one] kámen na { $squares }
    [few] { $count } kameny: { $squares }
   *[other] { $count } kamenů: { $squares }
}
example-win-by-capturing-the-king = : { $winner ->
    [attackers] vyhrávají útočníci
   *[defenders] vyhrávají obránci
}.
example-win = : { $winner ->
    [attackers] vyhrávají útočníci
   *[defenders] vyhrávají obránci
}, { $how }.
example-draw = : partie končí remízou, { $how }.
example-illegal = { $move } — to nejde: { $reason }.
list-and = a

illegal-no-piece = na výchozím poli žádný kámen nestojí
illegal-not-your-piece = ten kámen patří soupeři
illegal-not-straight = kameny táhnou jen po řadě nebo po sloupci
illegal-same-square = tah musí pole opustit
illegal-blocked = v cestě stojí jiný kámen
illegal-restricted-square = tento kámen na tom poli nesmí zastavit
illegal-no-passing = přes toto pole se nesmí projít
illegal-game-over = partie už skončila
win-edge-escape = král dosáhl okraje desky
win-corner-escape = král dosáhl rohového pole
win-king-captured = král je zajat
win-no-legal-moves = soupeř nemá žádný platný tah
win-all-attackers-captured = nezbyl žádný útočník
win-encirclement = všichni obránci jsou obklíčeni
win-exit-fort = král si na okraji postavil nedobytnou pevnost
win-repetition = pozice se opakovala
draw-repetition = pozice se opakovala
draw-move-limit = příliš mnoho tahů bez zajetí

cmp-board = Deska
cmp-first-move = Začínají
cmp-escape = Král uniká na
cmp-throne = Trůn
cmp-corners = Kdo smí zastavit v rohu
cmp-king-capture = Zajetí krále
cmp-armed-king = Král se účastní zajímání
cmp-draws = Opakování a limit tahů
cmp-no-moves = Strana bez platného tahu
cmp-special = Zvláštní pravidla
side-attackers = útočníci
side-defenders = obránci
escape-edge = libovolné krajní pole
escape-corners = rohové pole
access-nobody = nikdo
access-king = jen král
access-defenders = král a obránci
access-everyone = všechny kameny
throne-rule = zastavit: { $stop }; projít: { $pass }
king-capture-weak = dva útočníci jako u běžného kamene
king-capture-strong-on-throne = čtyři na trůnu, tři vedle něj, jinde dva
king-capture-strong = všude ze čtyř stran
king-edge-hostile = okraj desky se počítá za útočníka
armed-no = ne
armed-hammer = jen jako táhnoucí kámen
armed-anvil = jen jako protější kámen
armed-yes = ano, v obou rolích
repetition-rule = { $count ->
    [one] opakovaná pozice: { $result }
   *[other] tatáž pozice { $count }×: { $result }
}
move-limit-rule = { $count } tahů bez zajetí: remíza
no-draw-rule = žádné
no-moves-loses = prohrává
no-moves-draws = remizuje
special-shieldwall = zajetí štítovou zdí
special-exit-fort = pevnost na okraji
special-encirclement = obklíčení
special-none = žádná
result-draw = remíza
result-attackers-lose = útočníci prohrávají
result-defenders-lose = obránci prohrávají
escape-squares = úniková pole { $squares }
access-attackers = jen útočníci
repetition-forbidden-rule = tah, který by pozici zopakoval po { $count }., je zakázán
special-camps = tábory útočníků na { $squares }
result-repeating-side-loses = prohrává strana, která opakuje
illegal-repetition-forbidden = pravidla zakazují pozici znovu zopakovat
illegal-off-board = takové pole na desce není
win-escape-square = král dosáhl únikového pole
draw-no-legal-moves = strana na tahu nemá žádný platný tah
example-moves-from = { $piece ->
    [king] Král na { $from } může táhnout na { $squares }.
    [defender] Obránce na { $from } může táhnout na { $squares }.
   *[attacker] Útočník na { $from } může táhnout na { $squares }.
}
example-cannot-move = { $piece ->
    [king] Král na { $from } nemůže táhnout.
    [defender] Obránce na { $from } nemůže táhnout.
   *[attacker] Útočník na { $from } nemůže táhnout.
}
state-exit-fort = Obránci drží na okraji pevnost, kterou útočníci nemohou prolomit.
state-encirclement = Žádný obránce se už nemůže dostat na okraj.
state-no-legal-moves = Strana na tahu nemá žádný platný tah.
board-legend = Legenda
legend-king = král
translation-outdated = Tento překlad vznikl podle starší verze pravidel; originál se mezitím změnil.
translation-outdated-link = Přečíst aktuální originál

## Cvičná deska (assets/play/board.js)
play-heading = Zahrajte si proti počítači
play-intro = Zahrajte si tuto variantu proti počítači, přesně podle pravidel popsaných na této stránce. Vaše tahy kontroluje tentýž program, který ověřuje příklady výše.
play-you-play = Hrajete za
play-side-attackers = útočníky
play-side-defenders = obránce
play-level = Obtížnost
play-level-easy = snadná
play-level-normal = střední
play-level-hard = těžká
play-new-game = Nová hra
play-undo = Vzít tah zpět
play-flip = Otočit desku
play-copy = Zkopírovat partii
play-copied = Záznam partie je zkopírován; `rulehub replay` jej zkontroluje tah po tahu.
play-copy-failed = Záznam se nepodařilo zkopírovat; označte jej níže a zkopírujte ručně.
play-your-move = Jste na tahu ({ $side }).
play-thinking = Počítač přemýšlí…
play-moved = { $side }: { $move }
play-captured = , bere { $squares }
play-win = { $winner ->
    [attackers] Vyhrávají útočníci
   *[defenders] Vyhrávají obránci
}: { $how }.
play-draw = Partie končí remízou: { $how }.
play-board-label = Cvičná deska, { $rows } řad a { $cols } sloupců
play-piece-attacker = útočník
play-piece-defender = obránce
play-piece-king = král
play-empty = prázdné
play-selected = vybráno
play-keyboard-help = Klávesnice: šipkami se pohybujete po desce, Enter zvedne kámen a položí jej, Escape výběr zruší.
play-error = Cvičnou desku se nepodařilo spustit: { $error }
play-room-heading = Hra s přítelem přes internet
play-room-invite = Pozvat přítele
play-room-creating = Na serveru se otevírá místnost…
play-room-create-failed = Místnost se nepodařilo otevřít: { $error }
play-room-joining = Připojování k místnosti { $room }…
play-room-you-play = V místnosti { $room } hrajete za { $side }.
play-room-watching = Místnost { $room } sledujete: obě místa jsou obsazená, deska je jen ke čtení.
play-room-waiting = Čeká se, až přítel otevře odkaz.
play-room-friend-away = Přítel teď není připojen; jeho místo na něj počká.
play-room-friend-here = Přítel je připojen.
play-room-link-label = Odkaz pro přítele
play-room-copy-link = Zkopírovat odkaz
play-room-link-copied = Odkaz je zkopírován. Kdo jej otevře první, obsadí volné místo; kdo později, ten sleduje.
play-room-their-move = Táhne přítel ({ $side }).
play-room-to-move = Na tahu: { $side }.
play-room-sending = Tah se posílá na server…
play-room-refused = Server tah odmítl: { $reason }
play-room-gone = Tato místnost už neexistuje (místnosti bez tahu déle než den se ruší).
play-room-rematch = Odveta (strany se vymění)
play-room-leave = Opustit místnost
play-room-status-connecting = Připojování k serveru místností…
play-room-status-open = Připojeno.
play-room-status-reconnecting = Spojení se přerušilo; připojuje se znovu…
play-room-status-closed = K místnosti nejste připojeni.
play-room-error-not-your-turn = na tahu je druhá strana.
play-room-error-stale = deska nebyla aktuální; teď ukazuje partii tak, jak ji má server, táhněte znovu.
play-room-error-illegal-move = pravidla tento tah nedovolují.
play-room-error-bad-notation = tah jmenuje pole, které na této desce není.
play-room-error-game-over = partie skončila; požádejte o odvetu.
play-room-error-game-not-over = partie ještě běží.
play-room-error-not-a-seat = divák táhnout nemůže.
play-room-error-bad-token = tento prohlížeč už místo nedrží.
play-room-error-rate-limited = příliš mnoho tahů najednou; chvíli počkejte.
play-room-error-store-failed = server jej nemohl uložit; zkuste to znovu.
play-room-error-too-many-rooms = server má tolik místností, kolik unese; zkuste to později.
play-room-error-origin-not-allowed = server místností tento web nepřijímá.
play-room-error-network = server místností není dostupný.
play-room-error-other = server odpověděl „{ $code }“.

## Hledání na webu (pole v záhlaví každé stránky)
search-label = Hledat v pravidlech
search-placeholder = Hledat v pravidlech…
search-results = Výsledky:
search-no-results = Nic nenalezeno. Zkuste jiné slovo nebo méně slov.
search-unavailable = Hledání teď není k dispozici.
print-link = Vytisknout všechna pravidla
print-title = { $family }: všechna pravidla k tisku
print-intro = Všechny sady pravidel této rodiny her na jedné stránce, upravené pro papír: vytiskněte ji příkazem Tisk v prohlížeči.

## Dáma (stránky rodiny dáma: výchozí diagram, legenda, přehled pravidel, věty u příkladů)
draughts-board-start-desc = Výchozí postavení hry { $title } na desce { $size }×{ $size } s { $squares } očíslovanými tmavými poli: bílých kamenů { $white }, černých { $black }.
draughts-legend-white = bílý
draughts-legend-black = černý
draughts-legend-king = dáma (proměněný kámen)
draughts-cmp-board = Deska
draughts-cmp-first-move = Začíná
draughts-cmp-men-capture = Kameny berou
draughts-cmp-kings = Dáma táhne
draughts-cmp-capture-mandatory = Braní
draughts-cmp-capture-choice = Volba mezi braními
draughts-cmp-crowning = Kámen, který při braní projde poslední řadou
draughts-cmp-draws = Remíza
draughts-board-value = { $size }×{ $size }, hraje se na { $squares } tmavých polích
draughts-side-white = bílý
draughts-side-black = černý
draughts-men-capture-forwards = jen dopředu
draughts-men-capture-backwards = dopředu i dozadu
draughts-kings-short = o jedno pole šikmo, libovolným směrem
draughts-kings-fly = o libovolný počet polí po úhlopříčce (dálková dáma)
draughts-capture-optional = nepovinné
draughts-capture-mandatory = povinné
draughts-capture-choice-free = libovolné braní, ne nutně největší
draughts-capture-choice-majority = braní, které vezme nejvíc kamenů
draughts-crown-after-capture = zůstává kamenem; dámou se stane, jen když braní skončí na poslední řadě
draughts-crown-during-capture = hned se mění v dámu a bere dál jako dáma
draughts-repetition-rule = { $count }× stejná pozice: remíza
draughts-king-move-rule = { $count } tahů každé strany bez braní a bez tahu kamenem: remíza
draughts-draws-claimed = tyto remízy hráč nárokuje; dokud tak neučiní, hra pokračuje
draughts-no-draw-rule = žádná
draughts-white-men = { $count ->
    [one] jeden bílý kámen na { $squares }
    [few] { $count } bílé kameny na { $squares }
   *[other] { $count } bílých kamenů na { $squares }
}
draughts-white-kings = { $count ->
    [one] jedna bílá dáma na { $squares }
    [few] { $count } bílé dámy na { $squares }
   *[other] { $count } bílých dam na { $squares }
}
draughts-black-men = { $count ->
    [one] jeden černý kámen na { $squares }
    [few] { $count } černé kameny na { $squares }
   *[other] { $count } černých kamenů na { $squares }
}
draughts-black-kings = { $count ->
    [one] jedna černá dáma na { $squares }
    [few] { $count } černé dámy na { $squares }
   *[other] { $count } černých dam na { $squares }
}
draughts-rest-empty = ostatní pole prázdná
draughts-to-move = { $side ->
    [white] táhne bílý
   *[black] táhne černý
}
draughts-move = { $later ->
    [yes] { $side ->
        [white] bílý
       *[black] černý
    }
   *[no] { $side ->
        [white] Bílý
       *[black] Černý
    }
} hraje { $kind ->
    [king] dámou
   *[man] kamenem
} { $move }
draughts-earlier-moves = { $count ->
    [one] Po tahu { $moves }:
   *[other] Po tazích { $moves }:
}
draughts-captures = { $count ->
    [one] { " " }a bere kámen na { $squares }
    [few] { " " }a bere { $count } kameny: { $squares }
   *[other] { " " }a bere { $count } kamenů: { $squares }
}
draughts-crowned = , a kámen se mění v dámu
draughts-win = : { $winner ->
    [white] vyhrává bílý
   *[black] vyhrává černý
}, { $how }.
draughts-win-no-pieces = soupeři nezbyl žádný kámen
draughts-win-blocked = soupeř nemá žádný tah
draughts-draw = : partie končí remízou, { $how }.
draughts-draw-repetition = stejná pozice se opakovala
draughts-draw-king-moves = příliš mnoho tahů bez braní a bez tahu kamenem
draughts-illegal = { $move } — to nejde: { $reason }.
draughts-illegal-game-over = partie už skončila
draughts-illegal-not-a-square = takové pole na desce není
draughts-illegal-not-a-dark-square = to pole je světlé, a dáma se hraje na tmavých polích
draughts-illegal-empty-square = na výchozím poli žádný kámen nestojí
draughts-illegal-not-your-piece = ten kámen patří soupeři
draughts-illegal-capture-required = lze brát a braní je povinné ({ $capture })
draughts-illegal-majority-required = bere { $takes }, ale pravidlo většiny žádá braní, které vezme nejvíc kamenů ({ $required })
draughts-illegal-incomplete-capture = braní pokračuje, dokud je co přeskočit ({ $capture })
draughts-illegal-wrong-separator = braní se zapisuje s x, obyčejný tah s pomlčkou
draughts-illegal-ambiguous = tato pole spojuje víc braní, proto je třeba zapsat každé pole doskoku
draughts-illegal-no-such-move = tam ten kámen táhnout nemůže

## Cvičná deska na stránkách dámy (src/family/draughts/play.rs); ostatní
## věty desky jsou zprávy play-* výše.
play-draughts-side-white = bílé
play-draughts-side-black = černé
play-draughts-win = { $winner ->
    [white] Vyhrává bílý
   *[black] Vyhrává černý
}: { $how }.
play-draughts-piece-white-man = bílý kámen
play-draughts-piece-white-king = bílá dáma
play-draughts-piece-black-man = černý kámen
play-draughts-piece-black-king = černá dáma
play-draughts-light-square = světlé pole, na němž se nehraje
play-draughts-choose-route = Na toto pole vedou dvě braní různou cestou: vyberte vyznačené pole, přes které se má skákat.
play-draughts-via = pole, přes které lze skákat

## Go (stránky rodiny go: výchozí diagram, legenda, přehled pravidel, věty pod příklady)
go-board-start-desc = { $title } – výchozí postavení na mřížce { $size }×{ $size } linií: { $black ->
    [0] deska je prázdná
   *[other] černých kamenů { $black }, bílých { $white }
}.
go-legend-black = černý kámen
go-legend-white = bílý kámen
go-cmp-board = Deska
go-cmp-scoring = Počítání
go-cmp-repetition = Opakování pozice
go-cmp-suicide = Sebevražda
go-cmp-komi = Komi
go-cmp-handicap = Handicapové kameny
go-cmp-passes = Pasování
go-board-value = mřížka { $size }×{ $size } linií
go-komi-value = bílému se přičítá { $komi }
go-decimal-separator = ,
go-scoring-area = plocha: kameny na desce a průsečíky, které obklopují
go-scoring-territory = území: obklíčené průsečíky a zajatci; v seki se území nepočítá
go-repetition-simple-ko = zakázáno je jen okamžité zpětné vzetí v ko
go-repetition-positional-superko = žádný tah nesmí zopakovat dřívější pozici na desce (poziční superko)
go-repetition-situational-superko = žádný tah nesmí zopakovat dřívější pozici se stejným hráčem na tahu (situační superko)
go-suicide-forbidden = zakázána
go-suicide-allowed-multi = povolena pro dva a více kamenů; osamělý kámen sám sebe odstranit nesmí
go-suicide-allowed = povolena, i pro jediný kámen
go-handicap-fixed = na hvězdné body
go-handicap-free = kam si černý vybere
go-passes-plain = pas nic nestojí; dva pasy po sobě hru ukončí
go-passes-stones = za každý pas dostane soupeř jednoho zajatce; poslední pasuje bílý
go-stones-black = { $count ->
    [one] černý kámen na { $points }
   *[other] černé kameny na { $points }
}
go-stones-white = { $count ->
    [one] bílý kámen na { $points }
   *[other] bílé kameny na { $points }
}
go-empty-board = prázdná deska { $size }×{ $size }
go-rest-empty = ostatní průsečíky jsou prázdné
go-to-move = { $side ->
    [white] na tahu je bílý
   *[black] na tahu je černý
}
go-earlier-moves = { $pass ->
    [yes] Po pasu
   *[no] { $count ->
        [one] Po tahu { $moves }
       *[other] Po tazích { $moves }
    }
}
go-pass-word = pas
go-goes-on = Hra pokračuje.
go-play = { $later ->
    [yes] hraje { $side ->
        [white] bílý
       *[black] černý
    } { $point }
   *[no] { $side ->
        [white] Bílý
       *[black] Černý
    } hraje { $point }
}
go-pass = { $later ->
    [yes] pasuje { $side ->
        [white] bílý
       *[black] černý
    }
   *[no] { $side ->
        [white] Bílý
       *[black] Černý
    } pasuje
}
go-captures = { $count ->
    [one] { " " }a bere kámen na { $points }
    [few] { " " }a bere { $count } kameny: { $points }
   *[other] { " " }a bere { $count } kamenů: { $points }
}
go-suicide = { $count ->
    [one] { " " }a odstraní vlastní kámen na { $points }
    [few] { " " }a odstraní { $count } vlastní kameny: { $points }
   *[other] { " " }a odstraní { $count } vlastních kamenů: { $points }
}
go-illegal = { $move } – to není dovoleno: { $reason }.
go-illegal-occupied = průsečík je už obsazený
go-illegal-suicide = kámen by neměl žádnou svobodu a nic by nebral, a sebevražda je zakázána
go-illegal-ko = šlo by o okamžité zpětné vzetí v ko
go-illegal-superko = tah by zopakoval dřívější pozici na desce
go-illegal-game-over = hra už skončila
go-illegal-off-board = průsečík neleží na desce
go-ended = Dva pasy po sobě hru ukončí.
go-dead = { $count ->
    [one] Kámen na { $points } je mrtvý a odstraní se.
   *[other] Kameny na { $points } jsou mrtvé a odstraní se.
}
go-count = Při počítání { $scoring ->
    [area] plochy
   *[territory] území
} má černý { $black }, bílý i s komi { $white }: { $winner ->
    [white] bílý
   *[black] černý
} vyhrává o { $margin }.
go-count-draw = Při počítání { $scoring ->
    [area] plochy
   *[territory] území
} má černý { $black }, bílý i s komi { $white }: partie končí remízou.
go-win-count = při počítání po dvou pasech má víc bodů
go-draw-count = při počítání po dvou pasech mají oba stejně bodů
go-win-resignation = soupeř se vzdal
go-game-ended-uncounted = Po { $moves } { $moves ->
    [one] tahu
   *[other] tazích
} hru ukončí dva pasy; k sečtení je třeba označit mrtvé kameny.
