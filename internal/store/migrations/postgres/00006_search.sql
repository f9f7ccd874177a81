-- +goose Up
-- Full-text search over movements' descriptions and notes (the list's q
-- filter): a GIN index on the words of each movement, as store.searchTokens
-- makes them. The expression is store.pgSearchWords("") (search_pg.go):
-- translate() lower-cases and strips the diacritics of the Latin letters,
-- turns punctuation and symbols into spaces and drops combining diacritics
-- (a short map for ASCII-only text), so the words are the same whatever the
-- database's locale; the 'simple' configuration's parser splits at the
-- spaces. No extension is needed. Queries write the same expression.
CREATE INDEX movements_search ON movements USING gin (to_tsvector('simple'::regconfig, CASE WHEN octet_length(description || ' ' || notes) = char_length(description || ' ' || notes) THEN translate((description || ' ' || notes), ' 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', ' 0123456789abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz                                 ') ELSE translate((description || ' ' || notes), ' 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZàáâãäåçèéêëìíîïñòóôõö÷ùúûüýÿ!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞ ¡¢£¤¥¦§¨©«¬­®¯°±´µ¶·¸»¿ĀāĂăĄąĆćĈĉĊċČčĎďĐĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİĲĴĵĶķĹĺĻļĽľĿŁŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠơƢƤƦƧƩƬƮƯưƱƲƳƵƷƸƼǄǅǇǈǊǋǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǢǤǦǧǨǩǪǫǬǭǮǰǱǲǴǵǶǷǸǹǺǻǼǾȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎ̴̵̶̷̸̡̢̖̗̘̙̜̝̞̟̠̩̪̫̬̯̲̳̹̺̻̼͇͈͉͍͎̅̍̎̐̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡           ​‌‍‎‏‐‑‒–—―‖‗‘’‚‛“”„‟†‡•‣․‥…‧  ‪‫‬‭‮ ‰‱′″‴‵‶‷‸‹›※‼‽‾‿⁀⁁⁂⁃⁄⁅⁆⁇⁈⁉⁊⁋⁌⁍⁎⁏⁐⁑⁒⁓⁔⁕⁖⁗⁘⁙⁚⁛⁜⁝⁞ ⁠⁡⁢⁣⁤⁥⁦⁧⁨⁩⁪⁫⁬⁭⁮⁯₠₡₢₣₤₥₦₧₨₩₪₫€₭₮₯₰₱₲₳₴₵₶₷₸₹₺₻₼₽₾₿⃀̧̨̛̣̤̥̦̭̮̰̱̀́̂̃̄̆̇̈̉̊̋̌̏̑', ' 0123456789abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiinooooo uuuuyy                                 aaaaaaæceeeeiiiiðnooooo øuuuuyþ                                                  μ     aaaaaaccccccccddđeeeeeeeeeegggggggghhħiiiiiiiiiĳjjkkllllllŀłnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzzsɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵooƣƥʀƨʃƭʈuuʊʋƴƶʒƹƽǆǆǉǉǌǌaaiioouuuuuuuuuuaaǡǣǥggkkooooǯjǳǳggƕƿnnaaǽǿaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏ                                                                                                                                                                                                                                        ') END));

-- +goose Down
DROP INDEX movements_search;
