# Zprávy rodiny dáma v češtině: výchozí diagram, legenda, řádky srovnávací
# tabulky a jejich hodnoty, věty u příkladů a strany, kameny a konce partie
# na cvičné desce. Web je přidá k cs.ftl motivu; cs.ftl motivu webu může
# kteroukoli z nich přepsat.

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
## Cvičná deska na stránkách dámy (src/play.rs tohoto crate); ostatní
## věty desky jsou zprávy play-* motivu.
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
