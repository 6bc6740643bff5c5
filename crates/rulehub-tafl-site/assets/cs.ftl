# Zprávy rodiny tafl v češtině: výchozí diagram, legenda, řádky srovnávací
# tabulky a jejich hodnoty, věty u příkladů a strany, kameny a konce partie
# na cvičné desce. Web je přidá k cs.ftl motivu; cs.ftl motivu webu může
# kteroukoli z nich přepsat.

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

legend-king = král

play-side-attackers = útočníky
play-side-defenders = obránce

play-win = { $winner ->
    [attackers] Vyhrávají útočníci
   *[defenders] Vyhrávají obránci
}: { $how }.

play-piece-attacker = útočník
play-piece-defender = obránce
play-piece-king = král
