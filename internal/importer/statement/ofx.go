package statement

import (
	"bytes"
	"math/big"

	"github.com/aclindsa/ofxgo"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// ParseOFX reads the transactions of the bank and credit-card statements of
// an OFX/QFX file (1.x SGML or 2.x XML). FITIDs are kept for duplicate
// detection; amounts become minor units with exact rational arithmetic.
func ParseOFX(data []byte, exponent int) (Result, error) {
	return collect(func(emit Emit) (Result, error) { return ParseOFXEach(data, exponent, emit) })
}

// ParseOFXEach is ParseOFX handing each good row to emit instead of keeping it.
func ParseOFXEach(data []byte, exponent int, emit Emit) (res Result, err error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	if len(data) > importer.MaxFileBytes {
		return Result{}, importer.TooLarge()
	}
	defer func() {
		// A malformed file must never take the server down.
		if r := recover(); r != nil {
			res, err = Result{}, finance.Errorf(finance.ECodeInvalid, "this OFX file cannot be read")
		}
	}()
	resp, perr := ofxgo.ParseResponse(bytes.NewReader(data))
	if perr != nil {
		return Result{}, finance.Errorf(finance.ECodeInvalid, "this OFX file cannot be read: %v", perr)
	}
	var txs []ofxgo.Transaction
	for _, m := range resp.Bank {
		if s, ok := m.(*ofxgo.StatementResponse); ok && s.BankTranList != nil {
			txs = append(txs, s.BankTranList.Transactions...)
		}
	}
	for _, m := range resp.CreditCard {
		if s, ok := m.(*ofxgo.CCStatementResponse); ok && s.BankTranList != nil {
			txs = append(txs, s.BankTranList.Transactions...)
		}
	}
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(exponent)), nil))
	limit := big.NewInt(finance.MaxAmount)
	for i, t := range txs {
		line := i + 1
		res.Total++
		if res.Total > importer.MaxRows {
			return res, importer.TooManyRows()
		}
		date := t.DtPosted.Time.Format(finance.DateLayout)
		if t.DtPosted.Time.IsZero() || !finance.ValidDate(date) {
			res.addError(line, "date", finance.FCodeInvalid)
			continue
		}
		v := new(big.Rat).Mul(&t.TrnAmt.Rat, scale)
		if !v.IsInt() {
			res.addError(line, "amount", finance.FCodeInvalid)
			continue
		}
		n := v.Num()
		if new(big.Int).Abs(n).Cmp(limit) > 0 {
			res.addError(line, "amount", finance.FCodeOutOfRange)
			continue
		}
		if n.Sign() == 0 {
			res.addError(line, "amount", finance.FCodeInvalid)
			continue
		}
		desc := string(t.Name)
		if desc == "" && t.Payee != nil {
			desc = string(t.Payee.Name)
		}
		if desc == "" {
			desc = string(t.ExtdName)
		}
		res.add(Draft{Line: line, Date: date, Amount: n.Int64(), Description: importer.Cut(desc, finance.MaxDescription),
			Notes: importer.Cut(string(t.Memo), finance.MaxNotes), FITID: importer.Cut(string(t.FiTID), 255)}, emit)
	}
	return res.finish()
}
