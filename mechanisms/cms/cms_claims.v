(* count_mean_sketch_ldp: Apple's count-mean sketch is eps-LDP at e^eps = s^2, s = e^{eps/2}, for
   every width m and every hash family. A report is (j, v): j uniform and independent of the
   input, so it multiplies both sides by 1/J; v is the Bloom-filter report of one bucket, h_j(x),
   with P(+1|on) = s/(1+s) and P(+1|off) = 1/(1+s) (bloom_Q of rappor_bloom_claims, a filter of at
   most one bit). *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common rappor_bloom_claims.
Open Scope R_scope.

(* uldp:statement count_mean_sketch_ldp *)
Theorem count_mean_sketch_ldp : forall (m : nat) (s : R) (B B' y : nat -> bool),
  1 <= s -> (bits_set m B <= 1)%nat -> (bits_set m B' <= 1)%nat ->
  bloom_Q m (s / (1 + s)) (1 / (1 + s)) B y <=
  s * s * bloom_Q m (s / (1 + s)) (1 / (1 + s)) B' y.
(* uldp:end *)
Proof.
  intros m s B B' y Hs HB HB'.
  assert (Hb : 0 < 1 / (1 + s)) by (apply Rdiv_lt_0_compat; lra).
  assert (Hab : 1 / (1 + s) <= s / (1 + s)).
  { apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat; lra | lra]. }
  assert (Ha : s / (1 + s) < 1).
  { apply (Rmult_lt_reg_r (1 + s)); [lra|]. field_simplify; lra. }
  eapply Rle_trans; [apply (bloom_ratio m 1 _ _ B B'); assumption|].
  right. rewrite pow_1. f_equal. field. lra.
Qed.

Print Assumptions count_mean_sketch_ldp.
